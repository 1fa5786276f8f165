// The floor of this machine: a bare Express 5 route answering a constant JSON, in its own process like the API.
// With FLOOR_BYTES, the constant body has that many bytes (a record's size), serialised once.
import express from 'express';

const bytes = Number(process.env.FLOOR_BYTES ?? 0);
const app = express();
if (bytes > 0) {
  const padding = 'x'.repeat(Math.max(0, bytes - '{"padding":""}'.length));
  const body = JSON.stringify({ padding });
  app.get('/floor', (_request, response) => {
    response.type('json').send(body);
  });
} else {
  app.get('/floor', (_request, response) => {
    response.json({ id: '0190b1a4-7c1e-7000-8000-000000000001', status: 'Returned' });
  });
}
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`floor listening on port ${(server.address() as { port: number }).port}`);
});
