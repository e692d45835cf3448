import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { AdminHome } from '../../../../contract/schemas/admin/home';

const SUCCESS_COLOR = '#52c41a';
const FAILURE_COLOR = '#ff4d4f';

/** Successes and failures per day over the last 30 days (the company's calendar days, COMPANY_TIME_ZONE), stacked. */
export function SignInChart({ series }: { series: AdminHome['series'] }) {
  const { t } = useTranslation();
  const data = series.map((day) => ({ ...day, label: day.day.slice(5) }));
  return (
    <div style={{ width: '100%', height: 280 }} data-testid="home-chart" role="img" aria-label={t('wb.home.chartLabel')}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(_, items) => String(items?.[0]?.payload?.day ?? '')} />
          <Legend />
          <Bar dataKey="success" name={t('wb.home.success')} stackId="day" fill={SUCCESS_COLOR} isAnimationActive={false} />
          <Bar dataKey="failure" name={t('wb.home.failure')} stackId="day" fill={FAILURE_COLOR} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
