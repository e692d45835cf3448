import type { BaseRecord, CrudFilter, CrudSort, DataProvider, GetListResponse, Pagination } from '@refinedev/core';
import { LIMITS } from '../../../contract/rules';
import type { PageResult } from '../../../contract/schemas/common';
import { endpointsOf, resources, type PortalResource, type ResourceEndpoints } from '../../resources';
import { ApiError } from './apiError';
import { signalOf } from './querySignal';
import { callThrough, type Declared } from './api';
import { http as defaultHttp, type CallOptions, type Http } from './http';
import { CODE } from '../../../contract/codeNames';

/** Filters become plain body fields; empty values are left out so the server sees "no filter". */
export function filtersToBody(filters: readonly CrudFilter[] | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const { value } = filter;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    body[filter.field] = value;
  }
  return body;
}

/** The table's column sort becomes the contract's sortField/sortOrder (the server allows only its listed columns). */
export function sortBody(sorters: readonly CrudSort[] | undefined): { sortField?: string; sortOrder?: 'asc' | 'desc' } {
  const [first] = sorters ?? [];
  return first ? { sortField: first.field, sortOrder: first.order } : {};
}

export function pagingBody(pagination: Pagination | undefined): { pageNum: number; pageSize: number } | null {
  if (pagination?.mode === 'off' || pagination?.mode === 'client') return null;
  const pageNum = Math.max(1, Math.trunc(pagination?.currentPage ?? 1));
  const pageSize = Math.min(LIMITS.pageSizeMax, Math.max(1, Math.trunc(pagination?.pageSize ?? LIMITS.defaultPageSize)));
  return { pageNum, pageSize };
}

function unsupported(resource: string, action: string): never {
  throw new ApiError(CODE.notFound, `${action} is not available for ${resource}`, null, 404);
}

/**
 * Refine data provider over the /idaas POST endpoints: getList → paged list, create → add,
 * deleteMany → batch remove, custom → any call. Each call goes through the contract
 * declaration the resources name (see resources.ts for why not from meta).
 */
export function createDataProvider(http: Http = defaultHttp, declared: readonly PortalResource[] = resources): DataProvider {
  const endpoints = (resource: string): ResourceEndpoints => endpointsOf(resource, declared) ?? unsupported(resource, 'resource');
  const endpoint = (resource: string, key: 'create' | 'show' | 'delete' | 'deleteMany', action: string): Declared =>
    endpoints(resource)[key] ?? unsupported(resource, action);
  /** The typed client, loosely: Refine hands untyped variables, the pages type them (useForm, useTable). */
  const send = callThrough(http) as (endpoint: Declared, input: unknown, options?: CallOptions) => Promise<unknown>;

  return {
    getApiUrl: () => '/idaas',

    async getList<TData extends BaseRecord>({ resource, pagination, filters, sorters, meta }: Parameters<DataProvider['getList']>[0]): Promise<GetListResponse<TData>> {
      const ep = endpoints(resource);
      const variant = typeof meta?.variant === 'string' ? ep.listVariants?.[meta.variant] : undefined;
      const list = variant ?? ep.list ?? unsupported(resource, 'list');
      const paging = ep.paged === false ? null : pagingBody(pagination);
      const body = { ...filtersToBody(filters), ...sortBody(sorters), ...(paging ?? {}) };
      const data = (await send(list, body, { signal: signalOf(meta) })) as PageResult<TData> | TData[] | null;
      if (Array.isArray(data)) return { data, total: data.length };
      // totalCapped: the server stopped counting (10,000); lists say "more than" instead of paging to the end.
      return { data: data?.datas ?? [], total: data?.total ?? 0, totalCapped: data?.totalCapped === true };
    },

    async getOne({ resource, id, meta }) {
      const ep = endpoints(resource);
      const data = await send(endpoint(resource, 'show', 'show'), { [ep.idField ?? 'id']: id }, { signal: signalOf(meta) });
      return { data: data as never };
    },

    async create({ resource, variables }) {
      const data = await send(endpoint(resource, 'create', 'create'), variables ?? {});
      return { data: (data ?? {}) as never };
    },

    update: async ({ resource }) => unsupported(resource, 'update'),

    async deleteOne({ resource, id, variables }) {
      const ep = endpoints(resource);
      const data = await send(endpoint(resource, 'delete', 'delete'), { ...(variables ?? {}), [ep.idField ?? 'id']: id });
      return { data: (data ?? { id }) as never };
    },

    async deleteMany({ resource, ids, variables }) {
      const ep = endpoints(resource);
      const data = await send(endpoint(resource, 'deleteMany', 'deleteMany'), { ...(variables ?? {}), [ep.idsField ?? 'ids']: ids });
      return { data: (Array.isArray(data) ? data : []) as never };
    },

    /** url is relative to /idaas, e.g. '/personal/v1/today/num'. */
    async custom({ url, method, payload, query, headers, meta }) {
      const body = method === 'get' ? (query as Record<string, unknown> | undefined) : payload;
      const data = await http.request(method, url, body, { headers: headers as Record<string, string> | undefined, signal: signalOf(meta) });
      return { data: data as never };
    },
  };
}

export const dataProvider = createDataProvider();
