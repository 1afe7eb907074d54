export const feedbackKeys = {
  all: ['user', 'feedback'] as const,
  list: () => [...feedbackKeys.all, 'list'] as const,
  detail: (id: number) => [...feedbackKeys.all, 'detail', id] as const,
};
