/** The public page of a texted "this was not me" link (/not-me?token=…). */
export const NOT_ME_PATH = '/not-me';
/** The same page once the personal centre disowned a sign-in: it only says what happened. */
export const DISOWNED_PAGE = `${NOT_ME_PATH}?done=1`;
