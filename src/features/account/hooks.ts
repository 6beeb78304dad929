import { useMutation, useQuery } from '@tanstack/react-query';
import { profileNameQuery } from '@/lib/profileName';
import {
  authenticatorAppsQuery,
  cancelEnrolmentMutation,
  confirmEnrolmentMutation,
  removeAuthenticatorAppMutation,
  startEnrolmentMutation,
} from './api';

export function useAuthenticatorApps(userId: string) {
  return useQuery(authenticatorAppsQuery(userId));
}

export function useStartEnrolment() {
  return useMutation(startEnrolmentMutation());
}

export function useConfirmEnrolment(userId: string) {
  return useMutation(confirmEnrolmentMutation(userId));
}

export function useCancelEnrolment() {
  return useMutation(cancelEnrolmentMutation());
}

export function useRemoveAuthenticatorApp(userId: string) {
  return useMutation(removeAuthenticatorAppMutation(userId));
}

/** The user's name, for /account. */
export function useAccountName(userId: string) {
  return useQuery(profileNameQuery(userId));
}
