// Server messages of orders and invoice requests (/api/user/…orders, /api/user/…invoice), zh + en.
export const invoiceMessages = {
  'invoice.title_required': { zh: '请输入发票抬头', en: 'Please enter the invoice title' },
  'invoice.tax_id_required': { zh: '请输入纳税人识别号！', en: 'Please enter the taxpayer ID!' },
  'invoice.email_required': { zh: '请输入接收邮箱！', en: 'Please enter the receiving e-mail!' },
  'invoice.email_invalid': { zh: '请输入正确的邮箱地址', en: 'Please enter a valid e-mail address' },
  'invoice.amount_invalid': { zh: '开票金额必须是最多两位小数的数字', en: 'The invoicing amount must be a number with at most 2 decimals' },
  'invoice.amount_below_min': { zh: '开票金额不足{min}，暂不能开票', en: 'Invoicing amount under {min}, cannot invoice yet' },
  'invoice.amount_exceeds': { zh: '开票金额超过可开票金额 {available}', en: 'The invoicing amount exceeds the invoiceable amount of {available}' },
  'invoice.type_invalid': { zh: '发票类型只能是电子普通发票或电子增值税专用发票', en: 'The invoice type must be an ordinary e-invoice or a VAT special e-invoice' },
  'invoice.applied': { zh: '申请成功，开票一般需要1-3个工作日', en: 'Application successful, invoicing generally takes 1-3 working days' },
  'invoice.not_found': { zh: '发票申请不存在', en: 'Invoice request not found' },
  'invoice.status_invalid': { zh: '发票申请只能被标记为已完成、已驳回或失败', en: 'An invoice request can only be marked done, rejected or failed' },
  'invoice.already_reviewed': { zh: '该发票申请已被处理，不能再次修改', en: 'This invoice request has already been handled' },
  'invoice.reviewed': { zh: '操作成功', en: 'Operation completed' },
} as const satisfies Record<string, { zh: string; en: string }>;
