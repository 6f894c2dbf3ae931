import { z } from 'zod';
import { ErrorBody } from './errors';

/**
 * The 4xx answers every API route can give, all in the spec's error body.
 * Routes spread these into their `response` so OpenAPI and the serializer know them.
 */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
} as const;

/** A 204 answer: no body. */
export const noContentResponses = { 204: z.null(), ...errorResponses } as const;
