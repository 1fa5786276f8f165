import { createApp } from './app.js';

const port = Number(process.env.PORT ?? 3000);
createApp().listen(port, () => {
  console.log(`svc listening on http://localhost:${port} (OpenAPI: http://localhost:${port}/openapi.json)`);
});
