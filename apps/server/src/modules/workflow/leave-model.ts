// The leave-request example (请假流程), seeded and deployed for the demo tenants. Drawn like the
// files Flowable's modeler exports, so the modeler and the viewer open it as they would any other.

export const LEAVE_KEY = 'Leave';
export const LEAVE_CATEGORY = 'flow_1';

const shape = (id: string, x: number, y: number, w: number, h: number) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><omgdc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
const edge = (id: string, ...pts: [number, number][]) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, y]) => `<omgdi:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`;

export const LEAVE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC" xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="${LEAVE_KEY}" name="请假流程" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser"/>
    <userTask id="deptLeaderAudit" name="部门经理审批" flowable:assignee="\${taskUser}" flowable:formKey="/work/process/leave/handle"/>
    <exclusiveGateway id="gwLeader" name="经理审批结果"/>
    <userTask id="hrAudit" name="人事审批" flowable:candidateGroups="admin" flowable:formKey="/work/process/leave/handle"/>
    <exclusiveGateway id="gwHr" name="人事审批结果"/>
    <userTask id="modifyApply" name="调整申请" flowable:assignee="\${applyUser}" flowable:formKey="/work/process/leave/handle"/>
    <endEvent id="end" name="结束"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="deptLeaderAudit"/>
    <sequenceFlow id="f2" sourceRef="deptLeaderAudit" targetRef="gwLeader"/>
    <sequenceFlow id="f3" name="同意" sourceRef="gwLeader" targetRef="hrAudit"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" name="驳回" sourceRef="gwLeader" targetRef="modifyApply"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f5" sourceRef="hrAudit" targetRef="gwHr"/>
    <sequenceFlow id="f6" name="同意" sourceRef="gwHr" targetRef="end"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f7" name="驳回" sourceRef="gwHr" targetRef="modifyApply"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f8" name="重新提交" sourceRef="modifyApply" targetRef="deptLeaderAudit"/>
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${LEAVE_KEY}">
    <bpmndi:BPMNPlane id="BPMNPlane_${LEAVE_KEY}" bpmnElement="${LEAVE_KEY}">
      ${shape('start', 100, 182, 36, 36)}
      ${shape('deptLeaderAudit', 190, 160, 100, 80)}
      ${shape('gwLeader', 345, 175, 50, 50)}
      ${shape('hrAudit', 450, 160, 100, 80)}
      ${shape('gwHr', 605, 175, 50, 50)}
      ${shape('end', 712, 182, 36, 36)}
      ${shape('modifyApply', 320, 320, 100, 80)}
      ${edge('f1', [136, 200], [190, 200])}
      ${edge('f2', [290, 200], [345, 200])}
      ${edge('f3', [395, 200], [450, 200])}
      ${edge('f4', [370, 225], [370, 320])}
      ${edge('f5', [550, 200], [605, 200])}
      ${edge('f6', [655, 200], [712, 200])}
      ${edge('f7', [630, 225], [630, 360], [420, 360])}
      ${edge('f8', [320, 360], [240, 360], [240, 240])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
