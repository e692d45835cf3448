import { NoticeFormPage } from './NoticeForm';

export default function NoticeEdit() {
  return <NoticeFormPage action="edit" />;
}
