import { useCustom, useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useCallback } from 'react';
import type { ResultCode } from '../../../contract/codeNames';
import type { Declared, Input, Result } from '../providers/api';
import { rememberDeclared } from '../providers/declarations';
import { errorNotice, successNotice } from '../providers/notificationProvider';

/** Refusals the page shows in place (no toast), or true when it shows every failure itself; SILENT_CODES never toast. */
type Quiet = readonly ResultCode[] | true;

const errorNotification = (quiet: Quiet | undefined) => (quiet === true ? false : errorNotice(quiet));

interface QueryOptions {
  enabled?: boolean;
  quiet?: Quiet;
  /** For answers in the page's language (dictionaries, the policy text): a switch asks again. */
  language?: string;
}

/**
 * A read of a declared endpoint through Refine's useCustom (its cache, its error toast):
 * `const { data, query } = useEndpointQuery(accountEndpoints.devices, {})`. The method, path
 * and types come from the declaration, as with `call`; data is undefined until the answer.
 */
export function useEndpointQuery<S extends Declared>(endpoint: S, input: Input<S>, { enabled = true, quiet, language }: QueryOptions = {}) {
  // The data provider's custom calls only declarations the code named (its `url` is the declared path).
  rememberDeclared(endpoint);
  const get = endpoint.method === 'GET';
  const { query } = useCustom<BaseRecord, HttpError>({
    url: endpoint.path,
    method: get ? 'get' : 'post',
    config: get ? { query: input as Record<string, unknown> | undefined } : { payload: (input ?? {}) as Record<string, unknown> },
    meta: language ? { language } : undefined,
    queryOptions: { enabled },
    errorNotification: errorNotification(quiet),
  });
  // Not useCustom's result.data: Refine fills it with {} before the first answer.
  return {
    data: query.data?.data as Result<S> | undefined,
    query,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: () => query.refetch(),
  };
}

interface MutationOptions<S extends Declared> {
  quiet?: Quiet;
  /** The success toast, if the call has one (a text, or made from the answer). */
  success?: string | ((data: Result<S>) => string);
  /** The error toast's text when the spec gives one instead of the server's (e.g. 解绑失败). */
  failure?: string;
  /** Resources whose lists and records (any id) are fetched again after the call succeeds (the workbench's tables and detail pages). */
  refresh?: readonly string[];
  /** Reads of these declarations (useEndpointQuery, any input) fetched again after the call succeeds: what is no resource's list or record. */
  reread?: readonly Declared[];
}

/** A useEndpointQuery's cache entry reading one of `paths` (useCustom's key: data, provider, custom, {url, method, …}). */
const readsOneOf = (paths: ReadonlySet<string>) => ({ queryKey }: { queryKey: readonly unknown[] }): boolean => {
  const params = queryKey[3] as { url?: unknown } | undefined;
  return queryKey[2] === 'custom' && typeof params?.url === 'string' && paths.has(params.url);
};

/**
 * A state-changing call of a declared (POST) endpoint through Refine's useCustomMutation:
 * `const save = useEndpointMutation(groupEndpoints.groupManagerUpdate); await save.submit(input)`.
 * Resolves to the typed answer; a refusal is toasted (unless quiet) and rejects with the
 * ApiError, so the page can put the codes it explains under their fields. `isPending` and
 * `error` are the mutation's own state. `submit` keeps its identity while the options do
 * (module-level code lists), for callers that list it in an effect's dependencies.
 */
export function useEndpointMutation<S extends Declared>(endpoint: S, { quiet, success, failure, refresh, reread }: MutationOptions<S> = {}) {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError>();
  const invalidate = useInvalidate();
  const submit = useCallback(
    async (input: Input<S>): Promise<Result<S>> => {
      rememberDeclared(endpoint);
      const notice = errorNotification(quiet);
      const { data } = await mutateAsync({
        url: endpoint.path,
        method: 'post',
        values: (input ?? {}) as Record<string, unknown>,
        errorNotification: failure === undefined || notice === false ? notice : (error) => notice(error) && { type: 'error', message: failure },
        successNotification: success === undefined ? false : successNotice<Result<S>>(success),
      });
      // Every query of the resource, records of any id included: 'detail' alone matches only the id passed, and none is.
      if (refresh) await Promise.all(refresh.map((name) => invalidate({ resource: name, invalidates: ['resourceAll'] })));
      if (reread?.length) {
        const predicate = readsOneOf(new Set(reread.map((e) => e.path)));
        await invalidate({ invalidates: ['all'], invalidationFilters: { type: 'all', refetchType: 'active', predicate } });
      }
      return data as Result<S>;
    },
    [endpoint, failure, invalidate, mutateAsync, quiet, refresh, reread, success],
  );
  return { submit, isPending: mutation.isPending, isSuccess: mutation.isSuccess, error: mutation.error, reset: mutation.reset };
}
