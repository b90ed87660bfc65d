import { L } from '@civdesk/resources';

/** The export screens' words, Chinese first. */
export const T = {
  export: L('导出', 'Export'),
  add: L('新增', 'Add'),
  edit: L('修改', 'Edit'),
  started: L('导出任务已创建，可在“我的导出”中查看进度并下载', 'Export started: follow it and download it under My exports'),
  toFiles: L('我的导出', 'My exports'),
  fileName: L('文件名', 'File name'),
  status: L('状态', 'Status'),
  progress: L('进度', 'Progress'),
  rows: L('行数', 'Rows'),
  createTime: L('创建时间', 'Created at'),
  finishTime: L('完成时间', 'Finished at'),
  actions: L('操作', 'Actions'),
  download: L('下载', 'Download'),
  remove: L('删除', 'Delete'),
  confirmRemove: L('确定删除该导出文件？', 'Delete this export file?'),
  removed: L('删除成功', 'Deleted'),
  refresh: L('刷新', 'Refresh'),
  none: L('暂无导出文件', 'No export files yet'),
};
