import { z } from 'zod';
import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { idOut, nothing, pageOf } from '../../schemas/common.js';
import { adminNotice, noticeCreateBody, noticeListBody, noticeRefBody, noticeUpdateBody } from '../../schemas/admin/notices.js';

const P = '/admin/v1/notices';

/** Workbench: the notices and news of the home page (/myApp shows the published ones, newest first). */
export const adminNoticesEndpoints = {
  list: endpoint({
    method: 'POST', path: `${P}/list`, access: 'admin', duties: ['system'], summary: 'Notices and news, drafts included, newest first',
    input: noticeListBody, output: pageOf(adminNotice),
  }),
  get: endpoint({
    method: 'POST', path: `${P}/get`, access: 'admin', duties: ['system'], summary: 'One notice',
    input: noticeRefBody, output: adminNotice, codes: [CODE.notFound],
  }),
  create: endpoint({
    method: 'POST', path: `${P}/create`, access: 'admin', duties: ['system'], summary: 'Write a notice or news item (a draft until published)',
    input: noticeCreateBody, output: z.object({ id: idOut }),
  }),
  update: endpoint({
    method: 'POST', path: `${P}/update`, access: 'admin', duties: ['system'], summary: 'Change a notice (a published one changes on the home page at once)',
    input: noticeUpdateBody, output: nothing, codes: [CODE.notFound],
  }),
  publish: endpoint({
    method: 'POST', path: `${P}/publish`, access: 'admin', duties: ['system'], summary: 'Show a notice on the home page, dated now',
    input: noticeRefBody, output: nothing, codes: [CODE.notFound, CODE.noticePublished],
  }),
  unpublish: endpoint({
    method: 'POST', path: `${P}/unpublish`, access: 'admin', duties: ['system'], summary: 'Take a notice off the home page (it stays as a draft)',
    input: noticeRefBody, output: nothing, codes: [CODE.notFound, CODE.noticeNotPublished],
  }),
  delete: endpoint({
    method: 'POST', path: `${P}/delete`, access: 'admin', duties: ['system'], summary: 'Delete a notice',
    input: noticeRefBody, output: nothing, codes: [CODE.notFound],
  }),
} satisfies Record<string, EndpointSpec>;
