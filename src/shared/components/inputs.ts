/*
 * antd's `Input` export carries TextArea, OTP and Search as static members, so importing it
 * bundles all of them. The sign-in page needs only the plain and password inputs; importing
 * them from their own modules keeps about 6 KB gzipped off its budget. Same components, same
 * module instances as `import { Input } from 'antd'` elsewhere.
 */
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
