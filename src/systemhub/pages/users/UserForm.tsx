import { Alert, Col, Form, Input, Row, Select, Switch, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import { ACCOUNT_NAME_PATTERN, EMAIL_PATTERN, LIMITS, MOBILE_PATTERN, USER_TYPES } from '../../../../contract/rules';
import { DeptSelect } from '../../shared/DeptSelect';
import type { CodeFields } from '../../../shared/hooks/fieldRefusals';

/** The refusals of a person's fields, put under the field they are about. */
export const USER_FIELD_ERRORS: CodeFields = {
  [CODE.accountNameInvalid]: 'userId',
  [CODE.accountNameTaken]: 'userId',
  [CODE.accountOrMobileTaken]: ['userId', 'mobileNo'],
  [CODE.mobileInvalid]: 'mobileNo',
  [CODE.mobileRegistered]: 'mobileNo',
  [CODE.emailInvalid]: 'email',
  [CODE.deptUnknown]: 'deptId',
};

/** Blank optional texts are sent as null (cleared), not as empty strings. */
export function toUserBody<V extends Record<string, unknown>>(values: V): V {
  const body: Record<string, unknown> = { ...values };
  for (const key of ['mobileNo', 'email', 'positionName', 'externalId']) {
    if (key in body && (body[key] === '' || body[key] === undefined)) body[key] = null;
  }
  if ('deptId' in body && body.deptId === undefined) body.deptId = null;
  return body as V;
}

/**
 * A person's fields; the account only when creating (it never changes). For a person synchronised
 * from the directory, the fields it owns (name, email, department) are shown but not editable.
 */
export function UserForm({ formProps, creating, fromDirectory = false }: { formProps: FormProps; creating: boolean; fromDirectory?: boolean }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`wb.users.fields.${field}`);
  return (
    <Form {...formProps} layout="vertical" data-testid="user-form" style={{ maxWidth: 880 }}>
      {fromDirectory ? <Alert type="info" showIcon message={t('wb.directory.ownedNote')} style={{ marginBottom: 16 }} data-testid="user-from-directory" /> : null}
      <Row gutter={16}>
        {creating ? (
          <Col xs={24} md={12}>
            <Form.Item
              name="userId"
              label={label('userId')}
              rules={[
                { required: true, whitespace: true, message: t('wb.common.required', { field: label('userId') }) },
                { pattern: ACCOUNT_NAME_PATTERN, message: t('wb.users.accountRule') },
              ]}
            >
              <Input maxLength={LIMITS.accountMax} autoComplete="off" data-testid="user-userId" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="userName" label={label('userName')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: label('userName') }) }]}>
            <Input maxLength={LIMITS.userNameMax} disabled={fromDirectory} data-testid="user-userName" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="userType" label={label('userType')} initialValue="STAFF">
            <Select options={USER_TYPES.map((type) => ({ value: type, label: t(`wb.users.type.${type}`) }))} data-testid="user-userType" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deptId" label={label('deptId')}>
            <DeptSelect disabled={fromDirectory} data-testid="user-dept" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="mobileNo" label={label('mobileNo')} rules={[{ pattern: MOBILE_PATTERN, message: t('wb.users.mobileRule') }]}>
            <Input maxLength={LIMITS.mobileLength} inputMode="numeric" data-testid="user-mobileNo" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={label('email')} rules={[{ pattern: EMAIL_PATTERN, message: t('wb.users.emailRule') }]}>
            <Input maxLength={LIMITS.emailMax} inputMode="email" disabled={fromDirectory} data-testid="user-email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="positionName" label={label('positionName')}>
            <Input maxLength={LIMITS.positionMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="externalId" label={label('externalId')} tooltip={t('wb.users.externalIdHint')}>
            <Input maxLength={LIMITS.scimExternalIdMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="secondAuthRequired" label={label('secondAuthRequired')} valuePropName="checked" initialValue={false}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
