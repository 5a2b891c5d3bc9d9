import type { OpenApiGeneratorV31, RouteConfig, ZodMediaTypeObject } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorResponse } from '@ifu/contracts';

/** A contract: a classic zod schema, or a `zod/mini` one (the public contracts, `@ifu/contracts/public`). */
type Contract = z.core.$ZodType;

/**
 * One route of the API as the OpenAPI document describes it. Each feature lists its own next to its routers
 * (`<feature>/api-docs.ts`), so a new route is documented in its own folder; `api-docs.int.test.ts` compares the
 * list with the routes the app really has.
 */
export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  /** The path as Express has it (`/customer/get/:id`); `:name` becomes `{name}` in the document. */
  path: string;
  /** For a route Express matches with a regular expression (the GS1 Digital Link resolver): that expression. */
  matches?: RegExp;
  summary: string;
  description?: string;
  /**
   * Who may call it: `staff` and `admin` need the bearer token of `POST /user/get/token` (admin: the ADMIN role now);
   * `public` needs nothing; `signed-link` is public but only with the link's own query (`expires`, `signature`).
   */
  access: 'public' | 'staff' | 'admin' | 'signed-link';
  /** A POST, PUT or DELETE that reads no body at all says so (the test asks every other one for its body). */
  takesNoBody?: true;
  /** The JSON body the route validates (its contract). */
  body?: Contract;
  /** A multipart/form-data body: its text fields (the contract) and the names of its file fields. */
  multipart?: { fields: z.ZodType; files: Record<string, string> };
  query?: z.ZodObject;
  /** Path parameters; by default each `:name` of the path is a string. */
  params?: z.ZodObject;
  /** The route reads `If-Match` (the record version its ETag gave). */
  ifMatch?: boolean;
  /** The success answer: a JSON contract, or another media type (a file, a page, a CSV). */
  response: Contract | { mediaTypes: string[]; description: string };
  /** The success status when it is not 200 (the resolver's redirect). */
  status?: 307;
}

/** The error body of every refusal (`platform/http.ts` answers it, `platform/errors.ts` names the codes). */
export const ApiError = ErrorResponse.meta({ id: 'Error', description: 'A refusal: the message to show and its code (platform/errors.ts)' });

const BINARY = z.string().meta({ format: 'binary' });
const EXPRESS_PARAM = /:(\w+)/g;

/** `/customer/get/:id` as OpenAPI writes it: `/customer/get/{id}`. */
export const openApiPath = (expressPath: string) => expressPath.replace(EXPRESS_PARAM, '{$1}');

/** The `:name` parameters of an Express path, in order. */
export const pathParameters = (expressPath: string) => [...expressPath.matchAll(EXPRESS_PARAM)].map((match) => match[1]!);

const isContract = (value: ApiRoute['response']): value is Contract => '_zod' in value;
/**
 * zod-to-openapi reads classic schemas only; a `zod/mini` one becomes JSON Schema through zod's own generator (the
 * 2020-12 dialect that OpenAPI 3.1 uses), answers as they leave the server.
 */
function asSchema(contract: Contract): ZodMediaTypeObject['schema'] {
  if (contract instanceof z.ZodType) return contract;
  const { $schema: _dialect, ...schema } = z.toJSONSchema(contract, { io: 'output', unrepresentable: 'any' });
  // zod types its JSON Schema output loosely (any keyword); it is a plain JSON Schema object.
  return schema as unknown as ZodMediaTypeObject['schema'];
}

/** Groups the document by feature; `x-express-route` keeps a regular-expression route's own matcher for the test. */
export function routeConfig(feature: string, route: ApiRoute): RouteConfig & { 'x-express-route'?: string } {
  const names = pathParameters(route.path);
  const params = route.params ?? (names.length > 0 ? z.object(Object.fromEntries(names.map((name) => [name, z.string().max(200)]))) : undefined);
  const body = route.body
    ? { required: true, content: { 'application/json': { schema: asSchema(route.body) } } }
    : route.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: z.intersection(
                route.multipart.fields,
                z.object(Object.fromEntries(Object.entries(route.multipart.files).map(([name, description]) => [name, BINARY.meta({ description }).optional()]))),
              ),
            },
          },
        }
      : undefined;
  const success = isContract(route.response)
    ? { description: 'Done', content: { 'application/json': { schema: asSchema(route.response) } } }
    : { description: route.response.description, content: Object.fromEntries(route.response.mediaTypes.map((type) => [type, { schema: BINARY }])) };
  const refused = { content: { 'application/json': { schema: ApiError } } };
  return {
    method: route.method,
    path: openApiPath(route.path),
    tags: [feature],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.access === 'staff' || route.access === 'admin' ? [{ bearerToken: [] }] : [],
    request: {
      ...(body ? { body } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(params ? { params } : {}),
      ...(route.ifMatch ? { headers: z.object({ 'if-match': z.string().max(20).optional().meta({ description: 'The record version its ETag gave, e.g. "7"' }) }) } : {}),
    },
    responses: {
      [route.status ?? 200]: success,
      '4XX': { description: 'Refused: bad input (400), not logged in (401), not allowed (403), not found (404), conflict (409), too many requests (429)', ...refused },
      '5XX': { description: 'Failed on the server, or not ready (503)', ...refused },
    },
    ...(route.matches ? { 'x-express-route': String(route.matches) } : {}),
  };
}

/** The API's OpenAPI 3.1 document (api-docs/openapi-document.ts makes it from every feature's routes). */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;
