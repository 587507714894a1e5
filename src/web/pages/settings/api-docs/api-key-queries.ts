import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyList } from '../../../../core/api/api-keys';
import type { OpenApiDocument } from '../../../../core/api/openapi-reference';
import { apiGet } from '../../../lib/api';

export const apiKeyKeys = { list: ['api-keys'] as const, document: ['openapi-document'] as const };

export const apiKeysQuery = queryOptions({
  queryKey: apiKeyKeys.list,
  queryFn: async ({ signal }) => (await apiGet<ApiKeyList>('/api/v1/api-keys', signal)).keys,
});

export const openApiQuery = queryOptions({
  queryKey: apiKeyKeys.document,
  queryFn: ({ signal }) => apiGet<OpenApiDocument>('/api/v1/openapi.json', signal),
  staleTime: Number.POSITIVE_INFINITY,
});
