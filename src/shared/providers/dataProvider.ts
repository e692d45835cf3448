import type { BaseKey, BaseRecord, CrudFilter, CrudSort, DataProvider, GetListResponse, Pagination } from '@refinedev/core';
import { CODE } from '../../../contract/codeNames';
import { LIMITS } from '../../../contract/rules';
import type { PageResult } from '../../../contract/schemas/common';
import { callThrough, type Declared } from './api';
import { ApiError } from './apiError';
import { declaredAt } from './declarations';
import { http as defaultHttp, type CallOptions, type Http } from './http';
import { heldRead, signalOf } from './querySignal';
import type { EndpointTable, ResourceEndpoints } from './resourceEndpoints';

/**
 * Filters become plain body fields. Text is trimmed and empty values are left out, so the
 * server sees "no filter" for a blank box (whichever table or select sent it).
 */
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

/** Route parameters arrive as text (/users/edit/3); the contract's ids are numbers where they look like one. */
const idValue = (id: BaseKey): BaseKey => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id);

function missing(resource: string, action: string): never {
  throw new ApiError(CODE.notFound, `${action} is not available for ${resource}`, null, 404);
}

/** A declaration of the table (a resource's endpoint or action) with this method and path. */
function inTable(table: EndpointTable, method: string, path: string): Declared | undefined {
  for (const { actions, listVariants, ...crud } of Object.values(table)) {
    const all = [...Object.values(crud), ...Object.values(listVariants ?? {}), ...Object.values(actions ?? {})];
    const found = all.find((d): d is Declared => typeof d === 'object' && d.path === path && d.method === method.toUpperCase());
    if (found) return found;
  }
  return undefined;
}

/**
 * Refine's data provider over the /idaas endpoints, for the portal and the workbench alike,
 * each with its own table of resources: getList → `list` (paged POST, filters and sort as body
 * fields), getOne/getMany → `get`, create → `create`, update → `update`, deleteOne → `delete`,
 * deleteMany → `deleteMany`, custom → a named action (`url` `<resource>/<action>`) or a
 * declaration the app's code asked for by its path (useEndpointQuery, useEndpointMutation).
 * Nothing else is called: every call goes through a contract declaration.
 */
export function createDataProvider(table: EndpointTable, http: Http = defaultHttp): DataProvider {
  const of = (resource: string): ResourceEndpoints => table[resource] ?? missing(resource, 'resource');
  const endpoint = (resource: string, key: 'list' | 'get' | 'create' | 'update' | 'delete' | 'deleteMany'): Declared => of(resource)[key] ?? missing(resource, key);
  const idField = (resource: string): string => of(resource).idField ?? 'id';
  /** The typed client, loosely: Refine hands untyped variables, the pages type them (useForm, useTable, the endpoint hooks). */
  const call = callThrough(http) as (endpoint: Declared, input: unknown, options?: CallOptions) => Promise<unknown>;
  // A query's read waits out a sign-out instead of going out (querySignal.ts).
  const send = (target: Declared, input: unknown, options?: CallOptions): Promise<unknown> => heldRead(options?.signal) ?? call(target, input, options);

  function declared(url: string, method: string): Declared {
    if (!url.startsWith('/')) {
      const [resource, name] = url.split('/');
      return of(resource).actions?.[name] ?? missing(resource, name ?? 'action');
    }
    return declaredAt(method, url) ?? inTable(table, method, url) ?? missing('the app', url);
  }

  return {
    getApiUrl: () => '/idaas',

    async getList<TData extends BaseRecord>({ resource, pagination, filters, sorters, meta }: Parameters<DataProvider['getList']>[0]): Promise<GetListResponse<TData>> {
      const ep = of(resource);
      const variant = typeof meta?.variant === 'string' ? ep.listVariants?.[meta.variant] : undefined;
      const list = variant ?? endpoint(resource, 'list');
      const paging = ep.paged === false ? null : pagingBody(pagination);
      const body = { ...filtersToBody(filters), ...sortBody(sorters), ...(paging ?? {}) };
      const data = (await send(list, body, { signal: signalOf(meta) })) as PageResult<TData> | TData[] | null;
      if (Array.isArray(data)) return { data, total: data.length };
      // totalCapped: the server stopped counting (10,000); lists say "more than" instead of paging to the end.
      return { data: data?.datas ?? [], total: data?.total ?? 0, totalCapped: data?.totalCapped === true };
    },

    async getOne({ resource, id, meta }) {
      const data = await send(endpoint(resource, 'get'), { [idField(resource)]: idValue(id) }, { signal: signalOf(meta) });
      return { data: data as never };
    },

    async getMany({ resource, ids, meta }) {
      const get = endpoint(resource, 'get');
      const rows = await Promise.all(ids.map((id) => send(get, { [idField(resource)]: idValue(id) }, { signal: signalOf(meta) })));
      return { data: rows as never };
    },

    async create({ resource, variables }) {
      const data = await send(endpoint(resource, 'create'), variables ?? {});
      return { data: (data ?? {}) as never };
    },

    async update({ resource, id, variables }) {
      const data = await send(endpoint(resource, 'update'), { ...((variables as object | undefined) ?? {}), [idField(resource)]: idValue(id) });
      return { data: (data ?? { id }) as never };
    },

    async deleteOne({ resource, id, variables }) {
      const data = await send(endpoint(resource, 'delete'), { ...((variables as object | undefined) ?? {}), [idField(resource)]: idValue(id) });
      return { data: (data ?? { id }) as never };
    },

    async deleteMany({ resource, ids, variables }) {
      const data = await send(endpoint(resource, 'deleteMany'), { ...((variables as object | undefined) ?? {}), [of(resource).idsField ?? 'ids']: ids });
      return { data: (Array.isArray(data) ? data : []) as never };
    },

    /** The declaration's input is the payload (POST) or the query (GET); `:name` path segments are filled from it. */
    async custom({ url, method, payload, query, headers, meta }) {
      const target = declared(url, method);
      const input = target.method === 'GET' ? query : (payload ?? {});
      const data = await send(target, input, { headers: headers as Record<string, string> | undefined, signal: signalOf(meta) });
      return { data: data as never };
    },
  };
}
