import { signalOf } from '../../shared/providers/querySignal';
import type { BaseRecord, CrudFilter, DataProvider, GetListResponse, Pagination } from '@refinedev/core';
import { CODE } from '../../../contract/codeNames';
import { LIMITS } from '../../../contract/rules';
import type { PageResult } from '../../../contract/schemas/common';
import { call } from '../../shared/providers/api';
import type { CallOptions } from '../../shared/providers/http';
import { ApiError } from '../../shared/providers/apiError';
import { ENDPOINTS, type Declared, type ResourceEndpoints } from './endpoints';

/** Filters become body fields; blank values are left out so the server sees "no filter". */
export function filtersToBody(filters: readonly CrudFilter[] | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const value = typeof filter.value === 'string' ? filter.value.trim() : filter.value;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    body[filter.field] = value;
  }
  return body;
}

export function pagingBody(pagination: Pagination | undefined): { pageNum: number; pageSize: number } | null {
  if (pagination?.mode === 'off') return null;
  const pageNum = Math.max(1, Math.trunc(pagination?.currentPage ?? 1));
  const pageSize = Math.min(LIMITS.pageSizeMax, Math.max(1, Math.trunc(pagination?.pageSize ?? LIMITS.defaultPageSize)));
  return { pageNum, pageSize };
}

function missing(resource: string, action: string): never {
  throw new ApiError(CODE.notFound, `${action} is not available for ${resource}`, null, 404);
}

/** The declaration in the table (a resource's endpoint or action) with this path. */
function declaredByPath(table: Record<string, ResourceEndpoints>, path: string): Declared | undefined {
  for (const { actions, ...crud } of Object.values(table)) {
    const found = [...Object.values(crud), ...Object.values(actions ?? {})].find((d) => d?.path === path);
    if (found) return found;
  }
  return undefined;
}

/** The typed client, loosely: Refine hands untyped variables, the pages type them (useEndpointMutation, useForm). */
const send = (endpoint: Declared, input: unknown, signal?: AbortSignal): Promise<unknown> =>
  (call as (endpoint: Declared, input: unknown, options: CallOptions) => Promise<unknown>)(endpoint, input, { signal });

/**
 * Refine's data provider over the admin endpoints, by resource name: getList → `list` (paged
 * POST, filters as body fields), getOne → `get`, create → `create`, update → `update` ({ id,
 * …fields }), deleteOne → `delete`, custom → a named action (`url` is `<resource>/<action>`).
 * Endpoints come from the contract through ENDPOINTS, never from a hook's meta (Refine merges
 * URL query parameters into meta, and a link must not choose what a page posts to).
 */
export function createDataProvider(table: Record<string, ResourceEndpoints> = ENDPOINTS): DataProvider {
  const of = (resource: string): ResourceEndpoints => table[resource] ?? missing(resource, 'resource');
  const endpoint = (resource: string, key: Exclude<keyof ResourceEndpoints, 'actions'>): Declared => of(resource)[key] ?? missing(resource, key);

  const action = (url: string): Declared => {
    const [resource, name] = url.split('/');
    return of(resource).actions?.[name] ?? missing(resource, name);
  };

  const provider: DataProvider = {
    getApiUrl: () => '/idaas',

    async getList<TData extends BaseRecord>({ resource, pagination, filters, meta }: Parameters<DataProvider['getList']>[0]): Promise<GetListResponse<TData>> {
      const paging = pagingBody(pagination);
      const body = { ...filtersToBody(filters), ...(paging ?? {}) };
      const data = (await send(endpoint(resource, 'list'), body, signalOf(meta))) as PageResult<TData> | TData[] | null;
      if (Array.isArray(data)) return { data, total: data.length };
      return { data: data?.datas ?? [], total: data?.total ?? 0, totalCapped: data?.totalCapped === true };
    },

    async getOne({ resource, id, meta }) {
      const data = await send(endpoint(resource, 'get'), { id: Number(id) }, signalOf(meta));
      return { data: data as never };
    },

    async getMany({ resource, ids }) {
      const rows = await Promise.all(ids.map((id) => send(endpoint(resource, 'get'), { id: Number(id) })));
      return { data: rows as never };
    },

    async create({ resource, variables }) {
      const data = await send(endpoint(resource, 'create'), variables ?? {});
      return { data: (data ?? {}) as never };
    },

    async update({ resource, id, variables }) {
      const data = await send(endpoint(resource, 'update'), { ...(variables as object), id: Number(id) });
      return { data: (data ?? { id }) as never };
    },

    async deleteOne({ resource, id, variables }) {
      const data = await send(endpoint(resource, 'delete'), { ...((variables as object | undefined) ?? {}), id: Number(id) });
      return { data: (data ?? { id }) as never };
    },

    /**
     * `url` is the path of a declaration in the table (what useEndpointQuery / useEndpointMutation
     * send), or names an action: `users/unlock` → ENDPOINTS.users.actions.unlock. Nothing else is called.
     */
    async custom({ url, payload, query }) {
      const declared = url.startsWith('/') ? (declaredByPath(table, url) ?? missing('workbench', url)) : action(url);
      const data = await send(declared, declared.method === 'GET' ? query : (payload ?? {}));
      return { data: data as never };
    },
  };
  return provider;
}

export const dataProvider = createDataProvider();
