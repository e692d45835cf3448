import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Input, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/rules';
import { feedback } from '../../../shared/providers/feedback';

const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** An application's icon: an https address, or a small picture turned into a data URL here. */
export function IconField({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (value: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Avatar shape="square" size={48} src={value || undefined} alt={t('wb.apps.fields.icon')}>
        {value ? null : '?'}
      </Avatar>
      <Upload
        accept={TYPES.join(',')}
        showUploadList={false}
        beforeUpload={async (file) => {
          const url = TYPES.includes(file.type) ? await readAsDataUrl(file) : '';
          if (!url || url.length > LIMITS.appIconMax) feedback.error(t('wb.apps.iconTooLarge'));
          else onChange?.(url);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('wb.apps.iconUpload')}</Button>
      </Upload>
      <Input
        id={id}
        style={{ width: 260 }}
        placeholder={t('wb.apps.iconUrl')}
        value={value?.startsWith('data:') ? '' : (value ?? '')}
        maxLength={LIMITS.urlMax}
        onChange={(event) => onChange?.(event.target.value.trim() || null)}
      />
      {value ? <Button icon={<DeleteOutlined />} aria-label={t('wb.apps.iconClear')} onClick={() => onChange?.(null)} /> : null}
    </Space>
  );
}
