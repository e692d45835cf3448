import { NoticeFormPage } from './NoticeForm';

export default function NoticeCreate() {
  return <NoticeFormPage action="create" />;
}
