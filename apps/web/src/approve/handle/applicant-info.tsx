import { Descriptions, Table } from 'antd';
import { useL } from '../../matter/forms/texts.ts';
import type { Current } from '../api.ts';

/** The applicant and the family members as the handler sees them (whole, from getCurrent, audited there). */
export function ApplicantInfo({ data }: { data: Current }) {
  const L = useL();
  const a = data.apply;
  return (
    <div data-testid="applicant-info">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={L('申请人', 'Applicant')}>{a.applicantName}</Descriptions.Item>
        <Descriptions.Item label={L('身份证号', 'ID card')}>{a.applicantIdCard}</Descriptions.Item>
        <Descriptions.Item label={L('联系电话', 'Phone')}>{a.applicantPhone}</Descriptions.Item>
        <Descriptions.Item label={L('所属区划', 'Region')}>{a.regionId}</Descriptions.Item>
        <Descriptions.Item label={L('住址', 'Address')}>{a.applicantAddress}</Descriptions.Item>
        <Descriptions.Item label={L('来源', 'Source')}>{a.dictName}</Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginTop: 12 }}
        size="small"
        rowKey={(m) => m.id ?? m.memberIdCard}
        pagination={false}
        dataSource={data.members}
        locale={{ emptyText: L('暂无家庭成员', 'No family members') }}
        columns={[
          { title: L('成员姓名', 'Name'), dataIndex: 'memberName' },
          { title: L('身份证号', 'ID card'), dataIndex: 'memberIdCard' },
          { title: L('与申请人关系', 'Relation'), dataIndex: 'relation' },
          { title: L('联系电话', 'Phone'), dataIndex: 'memberPhone' },
        ]}
      />
    </div>
  );
}
