import type { Declared } from './api';

/**
 * The contract's declarations behind one Refine resource, in the portal and the workbench
 * alike (method, path and types come from them, as with `call`). The data provider reads them
 * from the app's table by resource name and never from a hook's meta, because Refine merges
 * URL query parameters into meta: a crafted link must not be able to choose what a page posts to.
 */
export interface ResourceEndpoints {
  /** Paged POST list (pageNum/pageSize → data.datas/data.total), or a plain array when paged is false. */
  list?: Declared;
  /** Alternative list endpoints a page may pick with meta.variant (e.g. the two log tabs). */
  listVariants?: Record<string, Declared>;
  paged?: boolean;
  /** One record (Refine's getOne, and getMany one by one). */
  get?: Declared;
  /** What really creates: a new request, new members, a new user. */
  create?: Declared;
  update?: Declared;
  delete?: Declared;
  deleteMany?: Declared;
  /** Body field that carries the id (get/update/delete; `id` by default) or the ids (deleteMany; `ids`). */
  idField?: string;
  idsField?: string;
  /**
   * Everything else done to the resource, by name (a decision, a hand-over, a password reset,
   * unlocking a user): Refine's custom with `url` `<resource>/<action>`.
   */
  actions?: Record<string, Declared>;
}

export type EndpointTable = Readonly<Record<string, ResourceEndpoints>>;

/** The `url` of a named action in Refine's custom (useCustomMutation): `approvals/decide`. */
export const actionUrl = (resource: string, action: string): string => `${resource}/${action}`;
