/** The public page of a texted "this was not me" link (/not-me?token=…). */
export const NOT_ME_PATH = '/not-me';
/** The same page once the personal centre disowned a sign-in: it only says what happened. */
export const DISOWNED_PAGE = `${NOT_ME_PATH}?done=1`;

/** The first page of the person's alerts, as /myApp's block and its card ask for it (one cache entry). */
export const ALERTS_LIST_INPUT = { pageNum: 1, pageSize: 20 };
