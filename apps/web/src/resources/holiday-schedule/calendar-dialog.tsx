import { Button, Modal, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/request.ts';
import { type DayMark, dateText, isWeekend, monthWeeks, nextMark, parseMarks, toList } from './calendar-model.ts';

const API = '/api/blade-system/dwHolidaySchedule';
const colors = { holiday: '#fff1f0', workday: '#e6f4ff' };

/**
 * A year's calendar: click a day to mark it a holiday (休) or, on a weekend, an adjusted working day
 * (班); saved with `cusSave` (the year's row is created or replaced).
 */
export function HolidayCalendarDialog({ year, onClose, onSaved }: { year: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [marks, setMarks] = useState<Map<string, DayMark>>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    getData<{ records?: { holidaysList?: string }[] }>(`${API}/page`, { year_equal: year, size: 1 })
      .then((page) => live && setMarks(parseMarks(page.records?.[0]?.holidaysList)))
      .catch(() => live && setMarks(new Map()));
    return () => {
      live = false;
    };
  }, [year]);

  const toggle = (m: number, d: number) =>
    setMarks((old) => {
      const next = new Map(old);
      const date = dateText(year, m, d);
      const mark = nextMark(next.get(date), date, isWeekend(year, m, d));
      if (mark) next.set(date, mark);
      else next.delete(date);
      return next;
    });

  const save = async () => {
    if (!marks) return;
    setSaving(true);
    try {
      await postData(`${API}/cusSave`, { year, holidaysList: JSON.stringify(toList(marks)), isSteped: 1 });
      message.success(t('sys.common.saved'));
      onSaved();
      onClose();
    } catch {
      // the request layer has said why
    } finally {
      setSaving(false);
    }
  };

  const weekdays = t('sys.holiday.weekdays').split(',');
  return (
    <Modal
      open
      width={1100}
      title={t('sys.holiday.title', { year })}
      onCancel={onClose}
      wrapProps={{ 'data-testid': 'holiday-calendar' }}
      footer={[
        <Button key="cancel" data-testid="calendar-cancel" onClick={onClose}>
          {t('sys.common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!marks} data-testid="calendar-save" onClick={save}>
          {t('sys.common.save')}
        </Button>,
      ]}
    >
      <p style={{ color: 'rgba(0,0,0,.55)' }}>{t('sys.holiday.hint')}</p>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 12 }}>
        {Array.from({ length: 12 }, (_, m) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the month number is its identity
          <table key={m} style={{ borderCollapse: 'collapse', width: '100%', fontSize: 12, textAlign: 'center' }}>
            <caption style={{ fontWeight: 600 }}>{t('sys.holiday.month', { month: m + 1 })}</caption>
            <thead>
              <tr>
                {weekdays.map((w) => (
                  <th key={w}>{w}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(year, m).map((week, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a month's weeks have no other identity
                <tr key={i}>
                  {week.map((d, j) => {
                    // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before and after the month
                    if (!d) return <td key={`e${j}`} />;
                    const date = dateText(year, m, d);
                    const mark = marks?.get(date);
                    const weekend = isWeekend(year, m, d);
                    return (
                      <td key={date} style={{ padding: 1, background: mark ? colors[mark.type] : undefined }}>
                        <button
                          type="button"
                          data-testid={`day-${date}`}
                          data-mark={mark?.type ?? ''}
                          title={mark?.name || undefined}
                          onClick={() => toggle(m, d)}
                          style={{
                            all: 'unset',
                            cursor: 'pointer',
                            display: 'block',
                            width: '100%',
                            color: weekend && mark?.type !== 'workday' ? '#cf1322' : undefined,
                          }}
                        >
                          {d}
                          {mark && <sup>{t(mark.type === 'holiday' ? 'sys.holiday.off' : 'sys.holiday.work')}</sup>}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </Modal>
  );
}
