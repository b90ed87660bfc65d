import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Holds every successful answer of a test app to the shape its route documents (`data` in the
 * route's spec, or its bare `answer`): each call any test makes checks the document too. Returns the mismatches seen.
 */
export function checkAnswers(app: FastifyInstance): () => string[] {
  const ajv = new Ajv({ strict: false, allErrors: false });
  const compiled = new WeakMap<object, ValidateFunction>();
  const problems: string[] = [];
  const validator = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  app.addHook('onSend', async (req, reply, payload) => {
    const { data, answer } = req.routeOptions.config ?? {};
    // `answer` is a bare JSON answer's shape, or a file's (bytes: nothing to check)
    const bare = answer && (answer as { format?: string }).format !== 'binary' ? answer : undefined;
    if ((!data && !bare) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    let body: { success?: unknown; data?: unknown };
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    const [schema, value] = bare ? [bare, body] : [data as object, body?.data];
    if (!bare && body?.success !== true) return payload;
    const validate = validator(schema);
    if (!validate(value)) problems.push(`${req.method} ${req.routeOptions.url}: ${ajv.errorsText(validate.errors)}`);
    return payload;
  });
  return () => problems;
}
