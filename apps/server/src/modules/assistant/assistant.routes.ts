import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { optionalString } from '../../core/input.ts';
import { callerOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { bestTopic, helpTopics } from './help.ts';
import { type Command, mapUrl, recognise } from './intents.ts';
import { openRequest, type Screen, screenHelp, screensOf } from './screens.ts';

export type AssistantAnswer = {
  content: string;
  command?: Command | 'open_menu';
  open_url?: string;
  /** The page `open_menu` opens. */
  path?: string;
  source: 'intent' | 'help' | 'model';
};

const MAX_QUERY = 500;
const isChinese = (s: string) => /\p{Script=Han}/u.test(s);

/** An OpenAI-compatible endpoint, when AI_BASE_URL is set (AI_API_KEY, AI_MODEL optional). */
export function modelConfig(env: NodeJS.ProcessEnv = process.env) {
  const base = env.AI_BASE_URL?.trim();
  if (!base) return undefined;
  return { base: base.replace(/\/+$/, ''), key: env.AI_API_KEY?.trim() ?? '', model: env.AI_MODEL?.trim() || 'gpt-4o-mini' };
}

async function askModel(query: string, zh: boolean): Promise<string | undefined> {
  const m = modelConfig();
  if (!m) return undefined;
  const help = helpTopics.map((t) => `- ${zh ? t.zh : t.en}`).join('\n');
  const system = zh
    ? `你是 Civdesk 管理平台的助手。请用中文简洁回答,仅依据以下帮助内容和常识:\n${help}`
    : `You are the assistant of the Civdesk back-office. Answer briefly in English, from this help text and common sense:\n${help}`;
  try {
    const res = await fetch(`${m.base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(m.key ? { authorization: `Bearer ${m.key}` } : {}) },
      body: JSON.stringify({
        model: m.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: query },
        ],
      }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    return typeof text === 'string' && text.trim() ? text.trim() : undefined;
  } catch {
    return undefined; // the model is optional: fall back to the help text
  }
}

/**
 * Answers one question: a command of the spec first, then opening one of the caller's own
 * screens, then how to do something on a screen the caller has, then the model (if configured), then
 * the help text most relevant to the question, else says it does not know.
 */
export async function answer(query: string, screens: Screen[] = []): Promise<AssistantAnswer> {
  const zh = isChinese(query);
  const intent = recognise(query);
  if (intent?.command === 'update_passwd')
    return {
      source: 'intent',
      command: 'update_passwd',
      content: zh
        ? '正在为您打开个人信息页面，请在"修改密码"中修改密码。'
        : 'Opening your personal information page: change your password there.',
    };
  if (intent?.command === 'open_sysdict')
    return {
      source: 'intent',
      command: 'open_sysdict',
      content: zh ? '正在为您打开字典管理页面。' : 'Opening the dictionary management page.',
    };
  if (intent?.command === 'get_location_point') {
    const url = mapUrl(intent.place);
    const where = intent.place || (zh ? '地图' : 'the map');
    return {
      source: 'intent',
      command: 'get_location_point',
      open_url: url,
      content: zh ? `已为您在新窗口中打开「${where}」的位置。` : `Opening ${where} in a new window.`,
    };
  }
  const target = openRequest(query, screens);
  if (target)
    return {
      source: 'intent',
      command: 'open_menu',
      path: target.path,
      content: zh ? `正在为您打开「${target.name}」。` : `Opening ${target.en ?? target.name}.`,
    };
  const how = screenHelp(query, screens, zh);
  if (how) return { source: 'help', content: how };
  const fromModel = await askModel(query, zh);
  if (fromModel) return { source: 'model', content: fromModel };
  const topic = bestTopic(query);
  if (topic) return { source: 'help', content: zh ? topic.zh : topic.en };
  return {
    source: 'help',
    content: zh
      ? '抱歉，我不知道这个问题的答案。您可以问我：如何修改密码、如何锁屏、某个页面怎么导出，或让我打开某个页面（如「打开岗位管理」）、定位某个地点。'
      : 'Sorry, I do not know the answer to that. You can ask how to change your password, lock the screen or export a list, or ask me to open a page ("open posts") or locate a place.',
  };
}

const AskParams = z.object({ query: optionalString });

/**
 * The spec's client posts the question as a multipart form (`-F query=…`); the multipart parser
 * leaves such a body unread, so its `query` field is read here. Files are drained and ignored.
 */
async function multipartQuery(req: FastifyRequest): Promise<string | undefined> {
  let query: string | undefined;
  try {
    for await (const part of req.parts({ limits: { fields: 10, fieldSize: 8 * 1024, files: 1, fileSize: 1 } })) {
      if (part.type === 'file') part.file.resume();
      else if (part.fieldname === 'query' && query === undefined) query = String(part.value ?? '');
    }
  } catch (e) {
    req.log.debug({ err: e }, 'malformed multipart body');
    throw badRequest('上传内容不完整或格式不正确');
  }
  return query;
}

/** One question from the assistant panel (a JSON, urlencoded or multipart form POST with `query`). */
async function ask({ ctx, req, params }: Call<{ params: typeof AskParams }>) {
  const sent = req.isMultipart() ? ((await multipartQuery(req)) ?? params.query) : params.query;
  const query = (sent ?? '').replaceAll('\u0000', '').trim();
  if (!query) throw badRequest('请输入您的问题或需求！');
  if ([...query].length > MAX_QUERY) throw badRequest(`问题不能超过${MAX_QUERY}个字符`);
  return ok(await answer(query, await screensOf(ctx.db, callerOf(req))));
}

/** The shell's AI assistant panel. */
export function registerAssistantRoutes(app: FastifyInstance, ctx: AppContext) {
  routes(app, ctx, ['Assistant']).post(
    '/api/dw-widgets/assistant/ask',
    {
      auth: 'signed-in',
      summary: '智能助手',
      params: AskParams,
      data: z.object({
        content: z.string(),
        command: z.string().optional(),
        open_url: z.string().optional(),
        path: z.string().optional(),
        source: z.enum(['intent', 'help', 'model']),
      }),
      docs: { consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'] },
    },
    ask,
  );
}
