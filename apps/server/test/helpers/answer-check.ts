import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Holds every successful answer of a test app to the shape its route documents (`data` in the
 * route's spec): each call any test makes checks the document too. Returns the mismatches seen.
 */
export function checkAnswers(app: FastifyInstance): () => string[] {
  const ajv = new Ajv({ strict: false, allErrors: false });
  const compiled = new WeakMap<object, ValidateFunction>();
  const problems: string[] = [];
  app.addHook('onSend', async (req, reply, payload) => {
    const data = req.routeOptions.config?.data;
    if (!data || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    let body: { success?: unknown; data?: unknown };
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (body?.success !== true) return payload;
    let validate = compiled.get(data);
    if (!validate) {
      validate = ajv.compile(data);
      compiled.set(data, validate);
    }
    if (!validate(body.data)) problems.push(`${req.method} ${req.routeOptions.url}: ${ajv.errorsText(validate.errors)}`);
    return payload;
  });
  return () => problems;
}
