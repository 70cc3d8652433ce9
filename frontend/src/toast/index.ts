export { ToastProvider, useToast, type ToastApi, type ToastHandle, type ToastProviderProps } from './ToastProvider';
export {
  toastReducer,
  swipeDismisses,
  initialToastState,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_DURATION,
  SWIPE_THRESHOLD,
  type ToastAction,
  type ToastEvent,
  type ToastItem,
  type ToastProps,
  type ToastState,
} from './reducer';
