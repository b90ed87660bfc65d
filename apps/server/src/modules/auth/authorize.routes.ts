import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { fail, ok } from '../../core/envelope.ts';
import { optionalString } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { audit } from './audit.ts';
import { type AuthorizeRequest, CODE_METHOD, checkAuthorizeRequest, issueCode } from './grants/authorization-code.ts';
import { GrantError } from './issue.ts';
import { seal, unseal } from './signed.ts';

// The authorization code flow for third-party applications: the application sends the browser to
// GET …/authorize; the request is checked and handed to the login page, which (once the user has
// signed in by any method) asks POST …/authorize for a code and follows its redirect.
const AuthorizeQuery = z.object({
  response_type: optionalString,
  client_id: optionalString,
  redirect_uri: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
  state: optionalString,
  /** The checked request as the GET handed it to the login page. */
  request: optionalString,
});
/** The login page may take this long to sign the user in. */
const REQUEST_SECONDS = 600;

type Sealed = AuthorizeRequest & { e: number };

const refusal = (e: unknown) => (e instanceof GrantError ? fail(e.status, e.message) : null);

/** Checks the request and sends the browser to the login page with it (sealed, so the page cannot alter it). */
async function startAuthorize({ ctx, reply, query }: Call<{ query: typeof AuthorizeQuery }>) {
  try {
    const a = await checkAuthorizeRequest(ctx, query);
    const sealed = seal(ctx.key, 'authz-request', { ...a, e: Math.floor(Date.now() / 1000) + REQUEST_SECONDS });
    return reply.redirect(`/login?${new URLSearchParams({ authorize: sealed })}`, 302);
  } catch (e) {
    const answer = refusal(e);
    if (answer) return reply.status(400).send(answer);
    throw e;
  }
}

/** A code for the signed-in caller: `{code, redirect, expiresIn}`; the browser goes to `redirect`. */
async function authorize({ ctx, req, reply, params }: Call<{ params: typeof AuthorizeQuery }>) {
  const { caller } = scopeOf(req);
  try {
    let q: Parameters<typeof checkAuthorizeRequest>[1] = params;
    if (params.request) {
      const s = unseal<Sealed>(ctx.key, 'authz-request', params.request);
      if (!s) return reply.status(400).send(fail(400, '授权请求无效或已过期，请从应用重新发起'));
      q = {
        response_type: 'code',
        client_id: s.clientId,
        redirect_uri: s.redirectUri,
        code_challenge: s.challenge,
        code_challenge_method: 'S256',
        state: s.state,
      };
    }
    // Checked again: the client may have changed since the request was sealed.
    const a = await checkAuthorizeRequest(ctx, q);
    const answer = await issueCode(ctx, caller.tenantId, caller.userId, a);
    await audit(ctx.db, req, {
      event: 'grant',
      ok: true,
      tenantId: caller.tenantId,
      account: caller.account,
      userId: caller.userId,
      message: `${CODE_METHOD}: 签发给客户端 ${a.clientId}`,
    });
    return ok(answer);
  } catch (e) {
    const answer = refusal(e);
    if (answer) return reply.status(400).send(answer);
    throw e;
  }
}

export function registerAuthorizeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Auth']);
  r.get(
    '/api/blade-auth/oauth/authorize',
    { auth: 'public', summary: '授权码流程：校验请求并转到登录页', query: AuthorizeQuery, redirect: true },
    startAuthorize,
  );
  r.post(
    '/api/blade-auth/oauth/authorize',
    {
      auth: 'signed-in',
      summary: '授权码流程：为当前用户签发授权码',
      params: AuthorizeQuery,
      data: z.object({ code: z.string(), redirect: z.string(), expiresIn: z.number().int() }),
    },
    authorize,
  );
}
