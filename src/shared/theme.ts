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
    // Form validation messages, danger buttons and error icons draw in colorError: antd's #ff4d4f
    // is 3.3:1 on white and 3.0:1 on its tint. #cf1322 is 5.6:1 on white and 5.1:1 on the tint
    // (#fff2f0), which is pinned with the border so alerts and error fields keep antd's light look
    // (derived from #cf1322 they turn pinker). Hover and press go darker, as with the primary.
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBgHover: '#fff1f0',
    colorErrorBorder: '#ffccc7',
    colorErrorBorderHover: '#ffa39e',
    colorErrorHover: '#a8071a',
    colorErrorTextHover: '#a8071a',
    colorErrorActive: '#820014',
    colorErrorTextActive: '#820014',
    // Placeholders that are text in the page (a Select's) are read against 4.5:1 too (#bfbfbf is 1.8:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  components: {
    // Status and preset tags draw their text in the base colour over its lightest tint.
    Tag: { colorSuccess: '#237804', colorWarning: '#ad4e00', colorError: '#cf1322', colorInfo: '#0958d9', green7: '#237804', gold7: '#874d00', blue7: '#0958d9', orange7: '#ad4e00', cyan7: '#006d75' },
    // "No data" under an empty list is read, not decoration (#bfbfbf is 1.8:1).
    List: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
