import type { ThemeConfig } from 'antd';

/*
 * WCAG 2.1 AA contrast (4.5:1 for text) through the theme rather than page by page: antd's
 * defaults miss it for white on #1677ff (4.1), grey text #8c8c8c (3.4) and the status colours of
 * tags and texts (#52c41a on #f6ffed 2.2). The darker shades of the same hues keep the look.
 * The build also renders the sign-in page's antd styles with it into a static CSS file
 * (build/antdStaticCss.ts), so the two always agree.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    // Links and the "processing" status follow colorInfo, not colorPrimary.
    colorInfo: '#0958d9',
    // antd lightens on hover (#2e7ae6: 4.2:1 as text, and under a primary button's white text);
    // a darker shade keeps 4.5:1 in every state and still shows the pointer is there.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    borderRadius: 6,
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
    colorErrorText: '#cf1322',
    // Placeholders that are text in the page (a Select's) are read against 4.5:1 too (#bfbfbf is 1.8:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  components: {
    // Status and preset tags draw their text in the base colour over its lightest tint.
    Tag: { colorSuccess: '#237804', colorWarning: '#ad4e00', colorError: '#cf1322', colorInfo: '#0958d9', green7: '#237804', gold7: '#874d00', blue7: '#0958d9', orange7: '#ad4e00', cyan7: '#006d75' },
    // Danger buttons: red text on white (#ff4d4f is 3.3:1).
    Button: { colorError: '#cf1322' },
    // "No data" under an empty list is read, not decoration (#bfbfbf is 1.8:1).
    List: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
