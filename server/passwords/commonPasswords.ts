/**
 * Passwords that pass the shape rules but appear at the top of every leaked-password list, plus
 * the demo password. Compared case-insensitively.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password1', 'password123', 'password@123', 'p@ssw0rd', 'p@ssword1', 'passw0rd', 'qwerty123', 'qwerty@123', 'qwe123456',
  'abc12345', 'abc123456', 'abcd1234', 'a1234567', 'a12345678', 'a123456789', 'aa123456', 'admin123', 'admin@123', 'admin1234',
  'root1234', 'test1234', 'test@123', 'welcome1', 'welcome123', 'iloveyou1', 'letmein1', '1qaz2wsx', '1q2w3e4r', '1q2w3e4r5t',
  'qazwsx123', 'zaq12wsx', 'asdf1234', 'zxcv1234', 'zxcvbnm1', 'asd123456', 'qq123456', 'wang1234', 'woaini1314', 'woaini520',
  '5201314a', 'a5201314', 'abc@1234', 'abc#1234', 'Aa123456', 'aa123456.', 'Aa123456!', 'p@55w0rd', 'changeme1', 'changeme123',
  'summer2024', 'summer2025', 'summer2026', 'winter2025', 'winter2026', 'spring2026', 'autumn2026', 'company123', 'company@123',
  'idaas@2026', 'idaas2026', 'idaas123', 'huawei123', 'baidu123', 'taobao123', 'china123', 'beijing123', 'shanghai123',
  'qwer1234', 'qwer@1234', '12345678a', '123456789a', '123456abc', '12345qwert', '1234qwer', '123qwe!@#', '1qaz@wsx', '!qaz2wsx',
  'superman1', 'dragon123', 'monkey123', 'football1', 'baseball1', 'master123', 'shadow123', 'sunshine1', 'princess1',
].map((p) => p.toLowerCase()));
