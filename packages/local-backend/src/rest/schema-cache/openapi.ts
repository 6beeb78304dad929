import type { ApiResponse } from '../../http/types';
import type { ExposedSchema } from './types';

/** GET /rest/v1/: a short OpenAPI description of what the request's schema exposes. */
export function describeSchema(schema: ExposedSchema): ApiResponse {
  const paths: Record<string, unknown> = { '/': {} };
  const definitions: Record<string, unknown> = {};
  for (const relation of schema.relations.values()) {
    paths[`/${relation.name}`] = {};
    definitions[relation.name] = {
      type: 'object',
      required: relation.columns
        .filter((column) => !column.nullable && !column.hasDefault)
        .map((column) => column.name),
      properties: Object.fromEntries(
        relation.columns.map((column) => [column.name, { format: column.type }]),
      ),
    };
  }
  for (const name of schema.routines.keys()) paths[`/rpc/${name}`] = {};
  return {
    status: 200,
    headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' },
    body: {
      swagger: '2.0',
      info: { title: 'local PostgREST subset', version: '1' },
      paths,
      definitions,
    },
  };
}
