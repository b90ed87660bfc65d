import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document (derived from the same definitions) at /api/docs/json, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Civdesk API', version: '0.1.0', description: 'BladeX-compatible API of the Civdesk back-office' },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } } },
      security: [{ bladeAuth: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
