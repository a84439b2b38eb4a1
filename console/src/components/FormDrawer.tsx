// The side drawer every add/edit form uses: a title, the form, and Cancel / Submit in the footer. At most `width`
// pixels wide, never wider than the screen (390 px phones get the whole width).
import type { ReactNode } from 'react';
import { Button, Drawer, Space } from '@arco-design/web-react';

export interface FormDrawerProps {
  visible: boolean;
  title: ReactNode;
  /** Widest it gets, in pixels. */
  width?: number;
  saving: boolean;
  onClose: () => void;
  onSubmit: () => void;
  cancelText: ReactNode;
  submitText: ReactNode;
  /** data-testid of the submit button. */
  submitTestId: string;
  children: ReactNode;
}

export function FormDrawer({ visible, title, width = 480, saving, onClose, onSubmit, cancelText, submitText, submitTestId, children }: FormDrawerProps) {
  return (
    <Drawer
      visible={visible}
      width={Math.min(width, typeof window === 'undefined' ? width : window.innerWidth)}
      title={title}
      onCancel={onClose}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onClose}>{cancelText}</Button>
          <Button type="primary" loading={saving} onClick={onSubmit} data-testid={submitTestId}>
            {submitText}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
