import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { certificatesPage } from '@/content/certificates';
import { profileNameQuery } from '@/lib/profileName';
import { toast } from '@/lib/toast';
import {
  adminCertificatesQuery,
  certificateCheckQuery,
  myCertificatesQuery,
  portfolioSendsQuery,
  revokeCertificateMutation,
  saveReflectionMutation,
  sendToPortfolioMutation,
  type Certificate,
} from './api';
import { downloadCertificatePdf } from './download';

/** The signed-in learner's certificates, newest first. */
export function useMyCertificates(userId: string) {
  return useQuery(myCertificatesQuery(userId));
}

/** The name the learner's certificates are made out to (read for the PDF). */
export function useHolderName(userId: string) {
  return useQuery(profileNameQuery(userId));
}

/**
 * The public check of `code` (normalised); null: the code cannot be one, and nothing is asked.
 * Asked once, never retried: the server counts every check.
 */
export function useCertificateCheck(code: string | null) {
  return useQuery({ ...certificateCheckQuery(code ?? ''), enabled: code !== null });
}

/** One page of every certificate; the previous page stays shown while the next loads. */
export function useAdminCertificates(page: number, search: string) {
  return useQuery(adminCertificatesQuery({ page, search }));
}

/** Saves the learner's reflection; the list shows the saved certificate once it answers. */
export function useSaveReflection(userId: string) {
  return useMutation(saveReflectionMutation(userId));
}

/** The learner's sends to a portfolio, read again every few seconds while one is on its way. */
export function usePortfolioSends(userId: string) {
  return useQuery(portfolioSendsQuery(userId));
}

/** Sends a certificate to a portfolio; the sends are read again once it is recorded. */
export function useSendToPortfolio(userId: string) {
  return useMutation(sendToPortfolioMutation(userId));
}

/** An admin revokes a certificate; every admin list is read again. */
export function useRevokeCertificate() {
  return useMutation(revokeCertificateMutation());
}

/**
 * Makes and saves a certificate's PDF (./download.ts), with the holder's name read first if it is
 * not yet; a failure is logged and shown in a toast. `downloading` names the certificate under way.
 */
export function useDownloadCertificate(userId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (certificate: Certificate) => {
      const holderName = await queryClient.ensureQueryData(profileNameQuery(userId));
      await downloadCertificatePdf(certificate, holderName);
    },
    meta: { errorMessage: 'Error making a certificate PDF:' },
    onError: () =>
      toast.error(
        certificatesPage.downloadFailed.title,
        certificatesPage.downloadFailed.description,
      ),
  });
  return {
    download: (certificate: Certificate) => mutation.mutate(certificate),
    downloading: mutation.isPending ? mutation.variables.id : null,
  };
}
