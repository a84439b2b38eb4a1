// Message and Modal through context holders: Arco's static methods ignore ConfigProvider (locale, popup
// container), so an embedded console would show Chinese buttons on an English page (stack.md pitfall 13).
import { createContext, useContext, useRef, type ReactNode } from 'react';
import { Message, Modal } from '@arco-design/web-react';
import type { Notifier } from './client';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

interface NotifyContextValue {
  notify: Notifier;
  modal: ModalApi;
}

const NotifyContext = createContext<NotifyContextValue | null>(null);

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [message, messageHolder] = Message.useMessage({ maxCount: 3 });
  const [modal, modalHolder] = Modal.useModal();
  // The hook returns fresh functions each render; the first ones keep working (they close over refs), and a
  // stable value keeps every consumer's effects from re-running.
  const value = useRef<NotifyContextValue>({
    notify: {
      error: (content) => void message.error?.(content),
      success: (content) => void message.success?.(content),
      warning: (content) => void message.warning?.(content),
      info: (content) => void message.info?.(content),
    },
    modal,
  }).current;
  return (
    <NotifyContext.Provider value={value}>
      {messageHolder}
      {modalHolder}
      {children}
    </NotifyContext.Provider>
  );
}

function useNotifyContext(): NotifyContextValue {
  const ctx = useContext(NotifyContext);
  if (!ctx) throw new Error('NotifyProvider is missing');
  return ctx;
}

export const useNotify = (): Notifier => useNotifyContext().notify;
export const useModalApi = (): ModalApi => useNotifyContext().modal;
