import type { TestApp, TestUser } from './build-app.ts';

// Deploying BPMN files and counting workflow rows, for the workflow suites.

/** A multipart body (fields and files) as a browser's form sends it. */
export function multipart(fields: Record<string, string>, files: { name: string; content: string | Buffer }[]) {
  const boundary = `----civdesk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: text/xml\r\n\r\n`),
    );
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Deploys one file; returns the answer. */
export function upload(
  t: TestApp,
  u: TestUser,
  name: string,
  xml: string | Buffer,
  fields: Record<string, string> = { category: 'flow_2' },
) {
  const body = multipart(fields, [{ name, content: xml }]);
  return t.call(u, { method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...body });
}

/** Row counts of the workflow tables, to show a refused call changed nothing. */
export async function workflowCounts(t: TestApp) {
  const [r] = await t.db.query<Record<string, number>>(
    `select (select count(*)::int from wf_definition) as definitions, (select count(*)::int from wf_instance) as instances,
            (select count(*)::int from wf_task) as tasks, (select count(*)::int from wf_task where status = 'open' and assignee is not null) as assigned,
            (select count(*)::int from wf_history) as history, (select count(*)::int from wf_job) as jobs`,
  );
  return r;
}

export const process = (id: string, name: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:civ="urn:civdesk:bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="test">
  <process id="${id}" name="${name}" isExecutable="true">${body}</process>
</definitions>`;

/** A review any caseworker or auditor may claim, escalated to the starter after 3 working days. */
export const TIMED = process(
  'Timed',
  '限时审核',
  `<startEvent id="s" flowable:initiator="starter"/>
   <userTask id="review" name="审核" flowable:candidateGroups="caseworker,auditor"/>
   <boundaryEvent id="late" attachedToRef="review" civ:workingDays="3"><timerEventDefinition/></boundaryEvent>
   <userTask id="escalated" name="超时处理" flowable:assignee="\${starter}"/>
   <endEvent id="e1"/><endEvent id="e2"/>
   <sequenceFlow id="a" sourceRef="s" targetRef="review"/>
   <sequenceFlow id="b" sourceRef="review" targetRef="e1"/>
   <sequenceFlow id="c" sourceRef="late" targetRef="escalated"/>
   <sequenceFlow id="d" sourceRef="escalated" targetRef="e2"/>`,
);
