import type { Resource } from '@civdesk/meta';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/request.ts';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { HolidayCalendarDialog } from './calendar-dialog.tsx';

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
