import { problemTypeUrl, type generateOpenApiDocument } from '@svc/contract';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
type ProblemTypeProperty = { example?: string };

/** Documents already made, by base URL: one with SVC_PUBLIC_URL; a few when each request says its own host. */
const MADE_BY_BASE_LIMIT = 8;

/**
 * The OpenAPI document as this deployment serves it: its own URL as the server, and the problem `type` example on
 * its own docs (`<base URL>/docs/guides/errors.html#<code>`), so that a link followed from it resolves here.
 */
export function openApiDocumentServer(document: OpenApiDocument): (baseUrl: string) => OpenApiDocument {
  const made = new Map<string, OpenApiDocument>();
  return (baseUrl) => {
    const cached = made.get(baseUrl);
    if (cached) return cached;
    const served = structuredClone(document);
    served.servers = [{ url: baseUrl, description: 'This svc' }];
    const problem = served.components?.schemas?.Problem as { properties?: { type?: ProblemTypeProperty } } | undefined;
    if (problem?.properties?.type) problem.properties.type.example = problemTypeUrl(baseUrl, 'validation_failed');
    if (made.size >= MADE_BY_BASE_LIMIT) made.delete(made.keys().next().value as string);
    made.set(baseUrl, served);
    return served;
  };
}
