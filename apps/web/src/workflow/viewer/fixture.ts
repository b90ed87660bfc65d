import type { HistoryEntry } from './colours.ts';

/** A small leave-approval process for the viewer's tests. */
export const sampleXml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="leave" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:userTask id="apply" name="提交申请" />
    <bpmn:userTask id="approve" name="部门审批" />
    <bpmn:userTask id="archive" name="归档" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="apply" />
    <bpmn:sequenceFlow id="f2" sourceRef="apply" targetRef="approve" />
    <bpmn:sequenceFlow id="f3" sourceRef="approve" targetRef="archive" />
    <bpmn:sequenceFlow id="f4" sourceRef="archive" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="apply_di" bpmnElement="apply"><dc:Bounds x="190" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="340" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="archive_di" bpmnElement="archive"><dc:Bounds x="490" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="640" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="190" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="118" /><di:waypoint x="340" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="440" y="118" /><di:waypoint x="490" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f4_di" bpmnElement="f4"><di:waypoint x="590" y="118" /><di:waypoint x="640" y="118" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** Started, applied, approval in progress (an earlier entry without an end time replaced), archive a candidate. */
export const sampleHistory: HistoryEntry[] = [
  { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-11-01 09:00:00' },
  { historyActivityId: 'f1', historyActivityType: 'sequenceFlow' },
  { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: null },
  { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: '2026-11-01 09:10:00' },
  { historyActivityId: 'f2', historyActivityType: 'sequenceFlow' },
  { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: null },
  { historyActivityId: 'archive', historyActivityType: 'candidate' },
];
