import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import type { EndpointSpec, InputOf, ResultOf } from '../../../contract/endpoint';
import type { EndpointTable } from '../providers/endpoints';
import { errorNotice } from '../../providers/notificationProvider';

type Resources = { [R in keyof EndpointTable]: EndpointTable[R] extends { actions: object } ? R : never }[keyof EndpointTable];
type ActionsOf<R extends Resources> = EndpointTable[R] extends { actions: infer A } ? A : never;
type Spec<R extends Resources, A extends keyof ActionsOf<R>> = ActionsOf<R>[A] & EndpointSpec;
export type ActionInput<R extends Resources, A extends keyof ActionsOf<R>> = InputOf<Spec<R, A>>;
export type ActionResult<R extends Resources, A extends keyof ActionsOf<R>> = ResultOf<Spec<R, A>>;

/**
 * A named admin action through the data provider's `custom`, typed by its declaration:
 * `const unlock = useAdminAction('users', 'unlock'); await unlock.run({ id })`. After it
 * succeeds the lists and records of `refresh` (the resource itself unless told) are fetched again.
 * Refusals are toasted and reject.
 */
export function useAdminAction<R extends Resources, A extends keyof ActionsOf<R> & string>(resource: R, action: A, refresh: readonly string[] = [resource]) {
  const { mutateAsync, mutation } = useCustomMutation();
  const invalidate = useInvalidate();

  async function run(input: ActionInput<R, A>): Promise<ActionResult<R, A>> {
    const answer = await mutateAsync({
      url: `${resource}/${action}`,
      method: 'post',
      values: (input ?? {}) as object,
      // Success texts are the page's to choose; a refusal is toasted here (the form may also put it under a field).
      successNotification: false,
      errorNotification: errorNotice(),
    });
    await Promise.all(refresh.map((name) => invalidate({ resource: name, invalidates: ['list', 'many', 'detail'] })));
    return answer.data as ActionResult<R, A>;
  }

  return { run, isPending: mutation.isPending };
}

/**
 * A read that is a named action (the organisation tree, an application's roles, the policies),
 * through the data provider's `custom`: `const { data, refetch } = useAdminQuery('apps', 'roles', { id })`.
 */
export function useAdminQuery<R extends Resources, A extends keyof ActionsOf<R> & string>(resource: R, action: A, input: ActionInput<R, A>, enabled = true) {
  const { query, result } = useCustom({
    url: `${resource}/${action}`,
    method: 'post',
    config: { payload: input ?? {} },
    queryOptions: { enabled, queryKey: ['workbench', resource, action, input] },
    errorNotification: errorNotice(),
  });
  return {
    data: (query.isSuccess ? result.data : undefined) as ActionResult<R, A> | undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: () => query.refetch(),
  };
}
