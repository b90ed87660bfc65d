// The demo matters' BPMN models, laid out left to right: a line of steps, optionally an exclusive
// gateway after one of them with one step on each branch.

export type DemoStep = { id: string; name: string };
export type DemoModel = {
  key: string;
  name: string;
  steps: DemoStep[];
  /** After the last of `steps`: a gateway whose conditional branch and default branch end the process. */
  gateway?: {
    id: string;
    name: string;
    when: { flowId: string; condition: string; step: DemoStep };
    otherwise: { flowId: string; step: DemoStep };
  };
};

const W = 100;
const H = 80;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The model as BPMN 2.0 XML with its diagram. */
export function demoXml(m: DemoModel): string {
  const nodes: string[] = [];
  const flows: string[] = [];
  const shapes: string[] = [];
  const edges: string[] = [];
  const y = 120;
  const shape = (id: string, x: number, yy: number, w: number, h: number) =>
    shapes.push(
      `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${yy}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`,
    );
  const flow = (id: string, from: string, to: string, pts: [number, number][], condition?: string) => {
    const body = condition ? `<conditionExpression xsi:type="tFormalExpression"><![CDATA[${condition}]]></conditionExpression>` : '';
    flows.push(`<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}">${body}</sequenceFlow>`);
    edges.push(
      `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, yy]) => `<di:waypoint x="${x}" y="${yy}" />`).join('')}</bpmndi:BPMNEdge>`,
    );
  };
  nodes.push('<startEvent id="start" name="开始" />');
  shape('start', 40, y + H / 2 - 18, 36, 36);
  let prev = 'start';
  let prevRight = 76;
  let x = 130;
  m.steps.forEach((s, i) => {
    nodes.push(`<userTask id="${s.id}" name="${esc(s.name)}" />`);
    shape(s.id, x, y, W, H);
    flow(`flow_${i + 1}`, prev, s.id, [
      [prevRight, y + H / 2],
      [x, y + H / 2],
    ]);
    prev = s.id;
    prevRight = x + W;
    x += W + 50;
  });
  if (m.gateway) {
    const g = m.gateway;
    nodes.push(`<exclusiveGateway id="${g.id}" name="${esc(g.name)}" default="${g.otherwise.flowId}" />`);
    shape(g.id, x, y + H / 2 - 25, 50, 50);
    flow(`flow_${m.steps.length + 1}`, prev, g.id, [
      [prevRight, y + H / 2],
      [x, y + H / 2],
    ]);
    const bx = x + 110;
    const branches = [
      { ...g.when, yy: y - 70 },
      { ...g.otherwise, condition: undefined, yy: y + 70 },
    ];
    for (const b of branches) {
      nodes.push(`<userTask id="${b.step.id}" name="${esc(b.step.name)}" />`);
      shape(b.step.id, bx, b.yy, W, H);
      flow(
        b.flowId,
        g.id,
        b.step.id,
        [
          [x + 25, b.yy < y ? y + H / 2 - 25 : y + H / 2 + 25],
          [x + 25, b.yy + H / 2],
          [bx, b.yy + H / 2],
        ],
        b.condition,
      );
    }
    const ex = bx + W + 60;
    nodes.push('<endEvent id="end" name="结束" />');
    shape('end', ex, y + H / 2 - 18, 36, 36);
    branches.forEach((b, i) => {
      flow(`flow_end_${i + 1}`, b.step.id, 'end', [
        [bx + W, b.yy + H / 2],
        [ex + 18, b.yy + H / 2],
        [ex + 18, b.yy < y ? y + H / 2 - 18 : y + H / 2 + 18],
      ]);
    });
  } else {
    nodes.push('<endEvent id="end" name="结束" />');
    shape('end', x, y + H / 2 - 18, 36, 36);
    flow('flow_end', prev, 'end', [
      [prevRight, y + H / 2],
      [x, y + H / 2],
    ]);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://civdesk/matter" id="defs_${m.key}">
  <process id="${m.key}" name="${esc(m.name)}" isExecutable="true">
    ${nodes.join('\n    ')}
    ${flows.join('\n    ')}
  </process>
  <bpmndi:BPMNDiagram id="diagram_${m.key}">
    <bpmndi:BPMNPlane id="plane_${m.key}" bpmnElement="${m.key}">
      ${shapes.join('\n      ')}
      ${edges.join('\n      ')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
}
