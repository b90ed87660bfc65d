import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import { parseInput } from './input.ts';
import { paramsOf, plain } from './request.ts';

/** What guards a route: anyone, any signed-in caller, or a menu/button code (any of several). */
export type Guard = 'public' | 'signed-in' | { perm: string | string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: Guard;
    /**
     * A file a browser may open by link (an export, a stored file): on GET the token may also come
     * from the `blade-auth` query parameter or the `saber-access-token` cookie (an `<img>` sends no header).
     */
    download?: boolean;
    /** The JSON schema of a success that is not the envelope (BladeX calls with their own shape); OpenAPI only. */
    answer?: object;
    /** The JSON schema of the envelope's `data` on success; OpenAPI only. */
    data?: object;
    /** A pass-through route answers as this path (same method) does; OpenAPI only. */
    sameAs?: string;
    /** Success is a 302 to another page (`Location`), not a JSON answer; OpenAPI only. */
    redirect?: boolean;
  }
}

/**
 * Where a hand-written route reads its input. `query`: the query string; `body`: the JSON or
 * urlencoded body (`{}` when none); `params`: both as one map, the query string's value winning
 * (`paramsOf`: BladeX clients send these parameters in either place); `path`: the URL's `:names`.
 */
export type Inputs = { query?: z.ZodType; body?: z.ZodType; params?: z.ZodType; path?: z.ZodType };

type Parsed<I extends Inputs> = { [K in keyof I]: I[K] extends z.ZodType ? z.output<I[K]> : never };

/** What a handler gets: the app context, the request and reply, and its input already parsed. */
export type Call<I extends Inputs = Record<never, never>> = { ctx: AppContext; req: FastifyRequest; reply: FastifyReply } & Parsed<I>;

export type RouteSpec<I extends Inputs> = I & {
  auth: Guard;
  summary: string;
  /**
   * OpenAPI that the schemas cannot say: a body the engine validates itself, a query map's
   * filters (merged with the query schema's own properties), an upload's content type.
   */
  docs?: { body?: object; querystring?: object; consumes?: string[] };
  /** A file opened by link: the token may come from the query string or cookie too (`download` above). */
  download?: boolean;
  /** A success answered without the envelope: its shape, or a JSON schema (a file's bytes). The OpenAPI document shows it. */
  answer?: z.ZodType | object;
  /** Success sends the browser on with a 302 (a sign-in flow's hop), not a JSON answer. */
  redirect?: boolean;
  /**
   * The envelope's `data` on success. The OpenAPI document shows it and the contract fuzz checks
   * answers against it; it never changes how an answer is serialised.
   */
  data?: z.ZodType;
  /** Takes an urlencoded form body as well as JSON (the OAuth token endpoint, form posts the spec names). */
  forms?: boolean;
};

// The OpenAPI document shows what a client may send (the schemas' input side) and what a call answers (the output side).
const docsCache = { input: new WeakMap<z.ZodType, object>(), output: new WeakMap<z.ZodType, object>() };
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): object {
  let json = docsCache[io].get(schema);
  if (!json) {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    json = rest;
    docsCache[io].set(schema, json);
  }
  return json;
}

/** A documented schema (a query map) with the properties a route's own schema adds. */
function withProperties(documented: object | undefined, own: object | undefined): object | undefined {
  if (!documented || !own) return documented ?? own;
  const props = (o: object) => (o as { properties?: object }).properties ?? {};
  return { ...documented, properties: { ...props(documented), ...props(own) } };
}

function parseAll<I extends Inputs>(spec: I, req: FastifyRequest): Parsed<I> {
  const out: Record<string, unknown> = {};
  if (spec.query) out.query = parseInput(spec.query, plain(req.query));
  if (spec.params) out.params = parseInput(spec.params, paramsOf(req));
  if (spec.path) out.path = parseInput(spec.path, plain(req.params));
  if (spec.body) out.body = parseInput(spec.body, req.body ?? {});
  return out as Parsed<I>;
}

/**
 * Registers hand-written routes: each declares its guard, summary and input schemas once; the
 * input is parsed before the handler runs (a 400 naming the field otherwise) and the same schemas
 * appear in the OpenAPI document.
 */
export function routes(app: FastifyInstance, ctx: AppContext, tags: string[]) {
  const add =
    (method: 'GET' | 'POST') =>
    <I extends Inputs>(url: string, spec: RouteSpec<I>, handler: (call: Call<NoInfer<I>>) => unknown) => {
      const { auth, summary, docs } = spec;
      const merged = spec.params && jsonSchemaOf(spec.params);
      const schema: Record<string, unknown> = { tags, summary };
      const querystring = withProperties(docs?.querystring, spec.query ? jsonSchemaOf(spec.query) : merged);
      const body = docs?.body ?? (spec.body ? jsonSchemaOf(spec.body) : method === 'POST' ? merged : undefined);
      if (querystring) schema.querystring = querystring;
      if (body) schema.body = body;
      if (spec.path) schema.params = jsonSchemaOf(spec.path);
      if (docs?.consumes) schema.consumes = docs.consumes;
      else if (spec.forms) schema.consumes = ['application/json', 'application/x-www-form-urlencoded'];
      app.route({
        method,
        url,
        config: {
          auth,
          download: spec.download,
          redirect: spec.redirect,
          answer: spec.answer instanceof z.ZodType ? jsonSchemaOf(spec.answer, 'output') : spec.answer,
          data: spec.data && jsonSchemaOf(spec.data, 'output'),
        },
        schema,
        handler: async (req, reply) => handler({ ctx, req, reply, ...parseAll(spec, req) } as Call<I>),
      });
    };
  return { get: add('GET'), post: add('POST') };
}
