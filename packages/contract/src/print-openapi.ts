import { generateOpenApiDocument } from './openapi.js';

process.stdout.write(`${JSON.stringify(generateOpenApiDocument(), null, 2)}\n`);
