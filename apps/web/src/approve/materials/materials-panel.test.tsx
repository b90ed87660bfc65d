import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { setLanguage } from '../../i18n/index.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../../workflow/shared/test-mount.tsx';
import { MaterialsPanel, type Slot } from './materials-panel.tsx';

const API = '/api/dw-biz-mzapprove/demoMaterials';
const persons = [
  { personId: '1', personName: '张三', personType: 'applicant' as const, age: 40 },
  { personId: '2', personName: '张小三', personType: 'member' as const, age: 9 },
];
const slot = (o: Partial<Slot>): Slot => ({
  id: null,
  materialId: 'm1',
  materialsName: '户口簿',
  isMustUpload: 2,
  personId: '1',
  personName: '张三',
  personType: 'applicant',
  materialStatus: 'missing',
  fileUrl: null,
  fileName: null,
  ...o,
});
let calls: Call[];
let slots: Slot[];

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  slots = [
    slot({}),
    slot({
      personId: '2',
      personName: '张小三',
      personType: 'member',
      id: 'r2',
      materialStatus: 'received',
      fileName: 'b.pdf',
      fileUrl: '/f/b.pdf',
    }),
  ];
  calls = stubNetwork([
    on('POST', `${API}/getCurMaterialsWithFamily`, () => ok(slots)),
    on('POST', '/api/blade-resource/oss/endpoint/put-file-attach', ok({ name: 'x', originalName: 'a.pdf', link: '/f/a.pdf' })),
    on('POST', `${API}/submit`, () => {
      slots = [slot({ id: 'r1', materialStatus: 'received', fileName: 'a.pdf', fileUrl: '/f/a.pdf' }), slots[1]];
      return ok({ id: 'r1' });
    }),
  ]);
});

describe('MaterialsPanel', () => {
  it('asks for the slots of the persons given and shows each with its status', async () => {
    mountPage(<MaterialsPanel applyId="a1" itemId="i1" persons={persons} />);
    expect(await screen.findByText('张小三（家庭成员）')).toBeTruthy();
    expect(screen.getByText('未提交')).toBeTruthy();
    expect(screen.getByText('已收取')).toBeTruthy();
    expect(screen.getAllByText('必传')).toHaveLength(2);
    const ask = calls.find((c) => c.url.endsWith('/getCurMaterialsWithFamily'));
    expect(JSON.parse(String(ask?.data))).toMatchObject({ applyId: 'a1', itemId: 'i1', persons });
  });

  it('uploads a file into a slot and saves it for that person', async () => {
    const { container } = mountPage(<MaterialsPanel applyId="a1" elementId="e1" persons={persons} />);
    await screen.findByTestId('material-upload-m1-1');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(true));
    const saved = JSON.parse(String(calls.find((c) => c.url.endsWith('/submit'))?.data));
    expect(saved).toMatchObject({
      applyId: 'a1',
      elementId: 'e1',
      materialId: 'm1',
      personId: '1',
      fileUrl: '/f/a.pdf',
      fileName: 'a.pdf',
    });
    expect(await screen.findByText('a.pdf')).toBeTruthy();
  });

  it('refuses a file of another type before sending it', async () => {
    const { container } = mountPage(<MaterialsPanel applyId="a1" persons={persons} />);
    await screen.findByTestId('material-upload-m1-1');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.exe')] } });
    expect(await screen.findByText('只能上传一个pdf/jpg/png文件，且不超过10240KB')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('put-file'))).toBe(false);
  });

  it('shows no actions when read-only', async () => {
    mountPage(<MaterialsPanel applyId="a1" persons={persons} readOnly />);
    await screen.findByText('张小三（家庭成员）');
    expect(screen.queryByTestId('material-upload-m1-1')).toBeNull();
  });
});
