import { generateOpenApiDocument } from '@svc/contract';
import express, { type Express } from 'express';

/** The svc HTTP application. For now it serves its health and its OpenAPI document; operations come next. */
export function createApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  const openApi = generateOpenApiDocument();
  app.get('/health', (_request, response) => {
    response.json({ status: 'ok' });
  });
  app.get('/openapi.json', (_request, response) => {
    response.json(openApi);
  });
  app.use((request, response) => {
    response
      .status(404)
      .type('application/problem+json')
      .json({ type: 'about:blank', title: 'Not found', status: 404, detail: `No operation at ${request.method} ${request.path}.`, code: 'not_found', request_id: '' });
  });
  return app;
}
