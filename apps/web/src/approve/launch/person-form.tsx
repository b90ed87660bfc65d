import { formatMessages, matchesFormat, type TextFormat } from '@civdesk/meta';
import { Button, Col, Form, type FormInstance, Input, Row, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useLang } from '../../i18n/index.ts';
import { useL } from '../../matter/forms/texts.ts';
import type { Applicant, Member } from '../api.ts';
import { RegionSelect } from './region-select.tsx';

export type PersonValues = Applicant & { members?: Member[]; source?: string };

/** The server takes at most 30 members. */
const MAX_MEMBERS = 30;
const RELATIONS = ['配偶', '子女', '父母', '祖父母', '孙子女', '兄弟姐妹', '其他'];

/** The product's own format checks (the ones the server runs): an empty optional value passes. */
function useFormatRule(): (format: TextFormat) => Rule {
  const lang = useLang();
  return (format) => ({
    validator: (_, v?: string) =>
      !v || matchesFormat(format, v.trim()) ? Promise.resolve() : Promise.reject(new Error(formatMessages[format][lang])),
  });
}

/** The applicant (name, ID card, phone, region, address) and the family members as an editable table. */
export function PersonForm({ form, initial, disabled }: { form: FormInstance<PersonValues>; initial?: PersonValues; disabled?: boolean }) {
  const L = useL();
  const rule = useFormatRule();
  return (
    <Form form={form} layout="vertical" initialValues={initial} disabled={disabled} data-testid="launch-person">
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="applicantName"
            label={L('申请人姓名', 'Applicant name')}
            rules={[{ required: true, whitespace: true, message: L('请输入申请人姓名', "Enter the applicant's name") }, { max: 50 }]}
          >
            <Input data-testid="launch-applicantName" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="applicantIdCard"
            label={L('身份证号', 'ID card')}
            rules={[{ required: true, message: L('请输入身份证号', 'Enter the ID card number') }, rule('idCard')]}
          >
            <Input maxLength={18} data-testid="launch-applicantIdCard" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="applicantPhone" label={L('联系电话', 'Phone')} rules={[rule('tel')]}>
            <Input maxLength={20} data-testid="launch-applicantPhone" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="regionId" label={L('所属区划', 'Region')}>
            <RegionSelect placeholder={L('请选择', 'Choose')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="applicantAddress" label={L('住址', 'Address')} rules={[{ max: 200 }]}>
            <Input data-testid="launch-applicantAddress" />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name="members">
        {(fields, { add, remove }) => (
          <section data-testid="launch-members">
            <Space style={{ marginBottom: 8 }}>
              <strong>{L('家庭成员', 'Family members')}</strong>
              <Button
                size="small"
                disabled={fields.length >= MAX_MEMBERS}
                onClick={() => add({ relation: '子女' })}
                data-testid="launch-member-add"
              >
                {L('添加成员', 'Add member')}
              </Button>
            </Space>
            {fields.map((f) => (
              <Row key={f.key} gutter={8} align="top" data-testid="launch-member-row">
                <Col xs={24} md={5}>
                  <Form.Item
                    name={[f.name, 'memberName']}
                    rules={[{ required: true, whitespace: true, message: L('请输入家庭成员姓名', "Enter the member's name") }, { max: 50 }]}
                  >
                    <Input placeholder={L('姓名', 'Name')} data-testid="launch-member-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={7}>
                  {/* A young child may have no number yet: optional, checked when given. */}
                  <Form.Item name={[f.name, 'memberIdCard']} rules={[rule('idCard')]}>
                    <Input maxLength={18} placeholder={L('身份证号', 'ID card')} data-testid="launch-member-idCard" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={4}>
                  <Form.Item name={[f.name, 'relation']}>
                    <Select options={RELATIONS.map((r) => ({ value: r, label: r }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={5}>
                  <Form.Item name={[f.name, 'memberPhone']} rules={[rule('tel')]}>
                    <Input maxLength={20} placeholder={L('联系电话', 'Phone')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={3}>
                  <Button danger type="link" onClick={() => remove(f.name)}>
                    {L('删除', 'Remove')}
                  </Button>
                </Col>
              </Row>
            ))}
          </section>
        )}
      </Form.List>
    </Form>
  );
}
