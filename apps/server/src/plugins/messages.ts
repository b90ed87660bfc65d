import { serverMessage } from '@civdesk/meta';
import type { FastifyInstance } from 'fastify';
import { langOf } from '../core/request.ts';

/**
 * Answers in the caller's language: the envelope's `msg` (and a refused sign-in's
 * `error_description`) is written in Chinese (the default) and,
 * for a caller whose Accept-Language asks for English, replaced by its English from the catalogue
 * (`serverMessage`). Only JSON envelopes with a message are touched.
 */
export function registerMessageLanguage(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || langOf(req) !== 'en' || !/"(msg|error_description)"/.test(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      let changed = false;
      for (const key of ['msg', 'error_description']) {
        const text = body[key];
        if (typeof text !== 'string') continue;
        const en = serverMessage(text, 'en');
        if (en !== text) {
          body[key] = en;
          changed = true;
        }
      }
      return changed ? JSON.stringify(body) : payload;
    } catch {
      return payload;
    }
  });
}
