import type { Resource } from '@civdesk/meta';
import { Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/request.ts';
import type { Row } from '../../crud/crud-api.ts';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { HolidayCalendarDialog } from './calendar-dialog.tsx';

type Day = { date?: string; type?: string; name?: string };

/** The year's days as dates with 休/班 and the holiday's name, not the stored JSON. */
function HolidayDates({ row }: { row: Row }) {
  const { t } = useTranslation();
  let days: Day[] = [];
  try {
    const parsed = JSON.parse(String(row.holidaysList ?? '[]'));
    if (Array.isArray(parsed)) days = parsed;
  } catch {
    days = [];
  }
  // Nothing to show as dates: the stored text as it is ('-' when empty).
  if (!days.length) return <span>{String(row.holidaysList ?? '') || '-'}</span>;
  const text = days
    .map((d) => `${d.date ?? ''} ${d.type === 'workday' ? t('sys.holiday.work') : t('sys.holiday.off')}${d.name ? ` ${d.name}` : ''}`)
    .join('；');
  return (
    <Typography.Text data-testid={`holidays-${row.id}`} ellipsis={{ tooltip: text }} style={{ maxWidth: 480 }}>
      {text}
    </Typography.Text>
  );
}

const cells = { holidaysList: (row: Row) => <HolidayDates row={row} /> };

/** The holiday schedule list plus a year calendar per row and for the next year to set (`getMaxNextYear`). */
export function HolidayScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [year, setYear] = useState<number | null>(null);
  const list = useRef<ResourcePageHandle>(null);
  const nextYear = async () => {
    try {
      setYear(Number(await getData<number>(`${resource.api}/getMaxNextYear`)));
    } catch {
      // the request layer has said why
    }
  };
  return (
    <>
      <ResourcePage
        resource={resource}
        handle={list}
        renderCell={cells}
        toolbarActions={[
          { key: 'next-year', label: t('sys.holiday.nextYear'), perm: 'holiday-schedule_add', onClick: () => void nextYear() },
        ]}
        rowActions={[
          { key: 'calendar', label: t('sys.holiday.calendar'), perm: 'holiday-schedule_edit', onClick: (row) => setYear(Number(row.year)) },
        ]}
      />
      {year !== null && <HolidayCalendarDialog year={year} onClose={() => setYear(null)} onSaved={() => list.current?.reload()} />}
    </>
  );
}
