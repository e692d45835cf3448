import { z } from 'zod';
import { NoticeKind } from '../../enums.js';
import { LIMITS } from '../../rules.js';
import { idOut, isoTime, pageRequest, recordId, text } from '../common.js';
import { sortOf } from '../sort.js';
import { ADMIN_SORTABLE } from './sortable.js';

const id = recordId();
export const noticeKind = z.enum([NoticeKind.NOTICE, NoticeKind.NEWS, NoticeKind.RECOMMEND, NoticeKind.DYNAMIC, NoticeKind.RELEASE]);

/** Where a notice leads: a page of this site ("/…") or an http(s) address. */
function isLink(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
const link = text(LIMITS.urlMax).refine(isLink, 'must be a path of this site or an http(s) URL');

export const noticeListBody = pageRequest.extend({
  kind: noticeKind.optional(),
  published: z.boolean().optional(),
  /** Part of the title. */
  keyword: text(LIMITS.searchMax).optional(),
}).extend(sortOf(ADMIN_SORTABLE.notices).shape);
export const noticeRefBody = z.object({ id });
export const noticeCreateBody = z.object({
  kind: noticeKind,
  title: text(LIMITS.noticeTitleMax).min(1),
  body: text(LIMITS.noticeBodyMax).min(1),
  link: link.nullable().optional(),
});
export type NoticeCreateBody = z.infer<typeof noticeCreateBody>;
export const noticeUpdateBody = z.object({
  id,
  kind: noticeKind.optional(),
  title: text(LIMITS.noticeTitleMax).min(1).optional(),
  body: text(LIMITS.noticeBodyMax).min(1).optional(),
  link: link.nullable().optional(),
});
export type NoticeUpdateBody = z.infer<typeof noticeUpdateBody>;

export const adminNotice = z.object({
  id: idOut,
  kind: noticeKind,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  published: z.boolean(),
  publishedAt: isoTime.nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type AdminNotice = z.infer<typeof adminNotice>;
