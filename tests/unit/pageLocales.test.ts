import { describe, expect, it } from 'vitest';
import { pageLocalesReady } from '../../src/providers/pageLocales';
import { changeLanguage, i18n } from '../../src/shared/providers/i18nProvider';

describe('the signed-in pages\' texts', () => {
  it('come in the reader\'s language only; a switch waits for the other\'s', async () => {
    await pageLocalesReady;
    expect(i18n.language).toBe('zh');
    expect(i18n.t('home.loadFailed')).toBe('内容加载失败');
    expect(i18n.getResource('en', 'translation', 'home.loadFailed')).toBeUndefined();
    try {
      await changeLanguage('en');
      expect(i18n.language).toBe('en');
      expect(i18n.t('home.loadFailed')).toBe('Could not load this content');
    } finally {
      await changeLanguage('zh');
    }
    expect(i18n.t('home.loadFailed')).toBe('内容加载失败');
  });
});
