import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { setLanguage } from '../i18n/index.ts';
import { type Call, ok, on, type Reply, stubNetwork } from '../test/http-stub.ts';
import { mountPage } from '../workflow/shared/test-mount.tsx';
import { LaunchDetailPage } from './launch/launch-detail-page.tsx';
import { LaunchPage } from './launch/launch-page.tsx';

const APPLY = '/api/dw-biz-mzapprove/demoApply';
const PATTERN = '/matters/launch/detail/:mathfVersionId/:itemName/:itemNo/:id';
const detail = (id = '0', version = 'v1') => `/matters/launch/detail/${version}/${encodeURIComponent('临时救助申请')}/MZ001/${id}`;
const page = (records: unknown[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const schema = {
  formId: 'f1',
  formName: '临时救助申请表',
  version: 1,
  groups: [],
  fields: [{ name: 'reason', label: '申请事由', type: 'text', required: true, span: 24 }],
};
let calls: Call[];
let version: Reply;

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  version = ok({ id: 'v1' });
  calls = stubNetwork([
    on(
      'GET',
      '/api/dw-matter/matintCatalogueType/cusStartTree',
      ok([{ id: 'c1', parentId: '0', title: '社会救助', key: 'c1', value: 'c1', hasChildren: false }]),
    ),
    on(
      'POST',
      '/api/dw-matter/matIntElement/getMyMatterPageByCatalogueId',
      page([{ id: 'i1', itemName: '临时救助申请', itemNo: 'MZ001' }]),
    ),
    on('GET', '/api/dw-matter/matWfVersion/getCurEnableVersion', () => version),
    on('GET', '/api/dw-matter/matWfVersion/getCusFormByVersionId', ok([{ userTaskId: 'apply', publicFormPc: 'f1' }])),
    on('GET', '/api/dw-matter/matIntForm/versionDetail', ok({ formId: 'f1', version: 1, publishTime: '', schema })),
    on('GET', '/api/blade-system/region/lazy-tree', ok([])),
    on('GET', '/api/blade-system/dict/dictionary', ok([{ dictKey: '1', dictValue: '窗口受理' }])),
    on('GET', `${APPLY}/page`, page([])),
    on('POST', `${APPLY}/doRegister`, (c) =>
      ok({ id: 'd9', status: JSON.parse(String(c.data)).submit ? 'SUBMITTED' : 'DRAFT', processInstanceId: null }),
    ),
    on(
      'GET',
      `${APPLY}/getCurrent`,
      ok({
        apply: {
          id: 'd9',
          itemId: 'i1',
          applicantName: '张三',
          applicantIdCard: '11010519491231002X',
          applicantPhone: '13800138000',
          source: '1',
        },
        members: [{ id: 'm1', memberName: '张小三', memberIdCard: '11010120150307123X', relation: '子女' }],
        tasks: [],
      }),
    ),
    on('GET', `${APPLY}/getMatIntFormInfo`, ok({ formId: 'f1', formVersionId: 'fv1', schema, data: { reason: '因病致困' }, rights: {} })),
    on('GET', '/api/blade-system/menu/buttons', ok([{ code: 'approve_launch', children: [{ code: 'approve_launch_register' }] }])),
    on('POST', '/api/dw-biz-mzapprove/demoMaterials/getCurMaterialsWithFamily', ok([])),
  ]);
});

const registered = () => calls.filter((c) => c.url.endsWith('doRegister')).map((c) => JSON.parse(String(c.data)));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('事项申报', () => {
  it('lists the matters of the chosen catalogue; 申报 opens the form of the version enabled today', async () => {
    mountPage(<LaunchPage />, '/matters/launch');
    fireEvent.click(await screen.findByText('社会救助'));
    expect(await screen.findByText('MZ001')).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('getMyMatterPageByCatalogueId'))?.data))).toEqual({
      catalogueId: 'c1',
      current: 1,
      size: 10,
    });
    fireEvent.click(screen.getByTestId('launch-item'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(detail()));
    expect(calls.find((c) => c.url.endsWith('getCurEnableVersion'))?.params).toEqual({ itemId: 'i1' });
  });

  it('a matter without an enabled version says so and opens nothing', async () => {
    version = ok(null);
    mountPage(<LaunchPage />, '/matters/launch');
    fireEvent.click(await screen.findByText('社会救助'));
    fireEvent.click(await screen.findByTestId('launch-item'));
    expect(await screen.findByText('该事项没有启用的流程版本')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/matters/launch');
  });
});

describe('申报表', () => {
  it("checks the applicant's and members' ID cards and phones as the product and the server do; nothing is sent", async () => {
    mountPage(<LaunchDetailPage />, `${detail()}?itemId=i1`, PATTERN);
    await screen.findByText('申请事由');
    type('launch-applicantName', '张三');
    type('launch-applicantIdCard', '110105194912310021');
    type('launch-applicantPhone', '12345');
    fireEvent.click(screen.getByTestId('launch-member-add'));
    type('launch-member-name', '张小三');
    type('launch-member-idCard', '123');
    fireEvent.click(screen.getByTestId('launch-draft'));
    expect((await screen.findAllByText('请输入正确的身份证号')).length).toBe(2);
    expect(screen.getByText('请输入正确的联系电话（手机号或带区号的固定电话）')).toBeTruthy();
    expect(registered()).toEqual([]);
  });

  it('暂存 saves a draft with the applicant and members, then stays on it by its id', async () => {
    mountPage(<LaunchDetailPage />, `${detail()}?itemId=i1`, PATTERN);
    await screen.findByText('申请事由');
    type('launch-applicantName', ' 张三 ');
    type('launch-applicantIdCard', '11010519491231002X');
    fireEvent.click(screen.getByTestId('launch-member-add'));
    type('launch-member-name', '张小三');
    type('launch-member-idCard', '11010120150307123X');
    fireEvent.click(screen.getByTestId('launch-draft'));
    await waitFor(() =>
      expect(registered()).toEqual([
        {
          itemId: 'i1',
          mathfVersionId: 'v1',
          submit: false,
          formData: {},
          applicant: { applicantName: '张三', applicantIdCard: '11010519491231002X' },
          members: [{ memberName: '张小三', memberIdCard: '11010120150307123X', relation: '子女' }],
          source: '1',
        },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(detail('d9')));
  });

  it('a member needs a name but may have no ID card number (a young child)', async () => {
    mountPage(<LaunchDetailPage />, `${detail()}?itemId=i1`, PATTERN);
    await screen.findByText('申请事由');
    type('launch-applicantName', '张三');
    type('launch-applicantIdCard', '11010519491231002X');
    fireEvent.click(screen.getByTestId('launch-member-add'));
    fireEvent.click(screen.getByTestId('launch-draft'));
    expect(await screen.findByText('请输入家庭成员姓名')).toBeTruthy();
    expect(registered()).toEqual([]);
    type('launch-member-name', '张幼');
    fireEvent.click(screen.getByTestId('launch-draft'));
    await waitFor(() => expect(registered()[0]?.members).toEqual([{ memberName: '张幼', relation: '子女' }]));
  });

  it('申报 demands the matter form’s required fields, then registers', async () => {
    mountPage(<LaunchDetailPage />, `${detail()}?itemId=i1`, PATTERN);
    await screen.findByText('申请事由');
    type('launch-applicantName', '张三');
    type('launch-applicantIdCard', '11010519491231002X');
    fireEvent.click(screen.getByTestId('launch-register'));
    expect(await screen.findByText('请输入申请事由')).toBeTruthy();
    expect(registered()).toEqual([]);
    type('pf-reason', '因病致困');
    fireEvent.click(screen.getByTestId('launch-register'));
    await waitFor(() => expect(registered()[0]).toMatchObject({ submit: true, formData: { reason: '因病致困' }, itemId: 'i1' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/matters/launch'));
  });

  it('a saved draft opens with its values and is registered by its id', async () => {
    mountPage(<LaunchDetailPage />, detail('d9'), PATTERN);
    await waitFor(() => expect((screen.getByTestId('pf-reason') as HTMLInputElement).value).toBe('因病致困'));
    expect((screen.getByTestId('launch-applicantName') as HTMLInputElement).value).toBe('张三');
    expect((screen.getByTestId('launch-member-name') as HTMLInputElement).value).toBe('张小三');
    // The materials panel asks for the draft's slots (the server names the persons from it).
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('getCurMaterialsWithFamily')).map((c) => JSON.parse(String(c.data)).applyId)).toContain(
        'd9',
      ),
    );
    fireEvent.click(screen.getByTestId('launch-register'));
    await waitFor(() =>
      expect(registered()[0]).toMatchObject({
        id: 'd9',
        itemId: 'i1',
        submit: true,
        formData: { reason: '因病致困' },
        applicant: { applicantName: '张三', applicantIdCard: '11010519491231002X', applicantPhone: '13800138000' },
        members: [{ id: 'm1', memberName: '张小三', memberIdCard: '11010120150307123X', relation: '子女' }],
      }),
    );
  });

  it('without a readable version it says the form cannot be read, and still registers the applicant', async () => {
    mountPage(<LaunchDetailPage />, `${detail('0', '0')}?itemId=i1`, PATTERN);
    expect(await screen.findByText('无法读取该事项的申请表单（需要查看流程版本的权限）')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('getCusFormByVersionId'))).toBe(false);
    type('launch-applicantName', '张三');
    type('launch-applicantIdCard', '11010519491231002X');
    fireEvent.click(await screen.findByTestId('launch-draft'));
    // No version named: doRegister takes the one enabled today.
    await waitFor(() => expect(registered()[0]).toMatchObject({ itemId: 'i1', submit: false }));
    expect(registered()[0].mathfVersionId).toBeUndefined();
  });

  it('reads in English after the switch', async () => {
    setLanguage('en');
    mountPage(<LaunchDetailPage />, `${detail()}?itemId=i1`, PATTERN);
    expect(await screen.findByText('Applicant name')).toBeTruthy();
    expect(await screen.findByText('Save draft')).toBeTruthy();
    expect(screen.getByText('Family members')).toBeTruthy();
    setLanguage('zh');
  });
});
