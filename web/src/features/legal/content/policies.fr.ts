import type { LegalDocument } from '../types';
import { LEGAL_UPDATED, p, ul } from './helpers';

/** Politique de remboursement et Résolution des litiges (issue 32 item 9), français. */
export const policiesFr: { 'refund-policy': LegalDocument; 'dispute-resolution': LegalDocument } = {
  'refund-policy': {
    title: 'Politique de remboursement',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'scope',
        heading: 'Ce que couvre cette politique',
        blocks: [
          p('Cette Politique de remboursement explique quand et comment Circle Marketplace, Inc. (« Circle ») rembourse les achats effectués via le paiement Circle : services de la place de marché achetés auprès de fournisseurs, forfaits de consultation et cotisations de l’abonnement Circle Pro. Elle fait partie de nos Conditions d’utilisation et s’applique avec la Protection des acheteurs et la politique de Résolution des litiges.'),
          p('Elle s’applique aux commandes payées par carte via Circle, y compris celles payées en partie avec des points ou couvertes en partie par le copaiement d’un fournisseur. Elle ne s’applique pas aux paiements que vous faites directement à un fournisseur en dehors de Circle ; ceux-ci relèvent de votre accord avec ce fournisseur.'),
        ],
      },
      {
        id: 'eligible',
        heading: 'Quand obtenir un remboursement',
        blocks: [
          p('Vous pouvez demander le remboursement d’une commande de la place de marché lorsque :'),
          ul(
            'le fournisseur n’a pas commencé ou n’a pas livré le service payé dans le délai promis par l’annonce, ou dans les 30 jours suivant le paiement lorsque l’annonce n’indique aucun délai ;',
            'ce qui a été livré diffère sensiblement de la description, du forfait ou du niveau de l’annonce ;',
            'vous avez été débité deux fois, d’un mauvais montant, ou pour quelque chose que vous n’avez pas commandé ;',
            'le fournisseur a annulé la commande ou ne peut plus fournir le service dans votre État ;',
            'le paiement a été fait sans votre autorisation.',
          ),
          p('Un changement d’avis après le début du travail du fournisseur, une insatisfaction quant à des résultats que l’annonce ne promettait pas (par exemple un nombre de prospects ou de ventes conclues) ou un retard dû au fait que vous n’avez pas fourni ce que le fournisseur demandait ne justifient pas à eux seuls un remboursement. Les fournisseurs peuvent proposer des conditions plus généreuses dans leur annonce ; elles s’appliquent alors aussi.'),
        ],
      },
      {
        id: 'how-to-ask',
        heading: 'Comment demander un remboursement',
        blocks: [
          p('Contactez d’abord le fournisseur depuis votre commande ou sa page : la plupart des problèmes se règlent ainsi en quelques jours. Si vous ne parvenez pas à un accord, ouvrez un litige depuis la page Résolution des litiges dans les 30 jours suivant le paiement, en choisissant la commande et le motif et en décrivant ce qui s’est passé. Vous pouvez aussi écrire à support@circle.example. Notre équipe d’assistance répond de 8 h à 18 h, heure du Pacifique, et répond aux e-mails sous 24 heures.'),
          p('Indiquez votre numéro de commande, ce que vous attendiez, ce que vous avez reçu et les preuves dont vous disposez, comme des messages, des fichiers livrés ou des captures d’écran. Des liens vers des fichiers stockés ailleurs conviennent.'),
          p('Nous confirmons la réception de votre demande, demandons au fournisseur sa version des faits et vous informons de notre décision. Vous pouvez suivre l’état de votre demande, ouverte, en attente ou résolue, sur la page Contact et sur la page Résolution des litiges lorsque vous êtes connecté.'),
        ],
      },
      {
        id: 'timing',
        heading: 'Comment et quand les remboursements sont versés',
        blocks: [
          ul(
            'Un remboursement accepté est versé sur la carte utilisée pour la commande. Il arrive normalement sur votre compte en 3 à 5 jours ouvrables ; votre banque peut mettre plus de temps à l’afficher.',
            'Les points utilisés pour la commande sont recrédités sur votre portefeuille de points en même temps, par une nouvelle ligne dans votre historique. Les points expirés sont recrédités avec une nouvelle validité de 30 jours.',
            'Lorsque le copaiement d’un fournisseur a couvert une partie du prix, la part du fournisseur lui est rendue ; vous recevez la part que vous avez payée.',
            'Un remboursement partiel peut être proposé lorsqu’une partie du service a été livrée comme décrit. Nous vous indiquons le montant et le motif avant de le verser.',
            'Les prix sont débités dans la devise affichée au paiement ; les remboursements sont faits dans la même devise et pour le même montant, les écarts de change facturés par votre banque échappent donc à notre contrôle.',
          ),
        ],
      },
      {
        id: 'membership',
        heading: 'Abonnement Circle Pro',
        blocks: [
          p('Vous pouvez résilier Circle Pro à tout moment depuis Facturation ; la résiliation prend effet à la fin de la période en cours et vous gardez les avantages Pro jusque-là. Les cotisations déjà payées pour la période en cours ne sont pas remboursées au prorata, sauf lorsque la loi l’exige, lorsque nous vous avons débité par erreur ou lorsqu’un second abonnement a été débité alors qu’un autre était actif, que nous annulons et remboursons automatiquement.'),
          p('La Garantie d’économies Pro n’est pas un remboursement : lorsqu’elle s’applique, la différence est créditée en points à la fin de votre année d’abonnement, comme le décrit la page Tarifs.'),
        ],
      },
      {
        id: 'late-and-failed',
        heading: 'Paiements de commandes annulées ou expirées',
        blocks: [
          p('Si un paiement nous parvient pour une commande déjà annulée ou expirée, par exemple parce qu’une page de paiement est restée ouverte, nous le remboursons intégralement et automatiquement, sans demande de votre part. La commande apparaît alors comme remboursée dans votre liste de commandes.'),
        ],
      },
      {
        id: 'abuse',
        heading: 'Usage abusif des remboursements',
        blocks: [
          p('Nous pouvons refuser un remboursement ou suspendre un compte lorsque des remboursements sont demandés à répétition pour des services livrés comme décrit, lorsque des preuves sont modifiées ou lorsqu’une rétrofacturation est déposée pour une commande déjà remboursée. Déposer une rétrofacturation auprès de votre banque pendant qu’un litige est ouvert chez nous peut retarder les deux démarches.'),
        ],
      },
      {
        id: 'contact',
        heading: 'Questions',
        blocks: [
          p('Pour toute question sur cette politique ou sur un remboursement que vous attendez, écrivez à support@circle.example ou utilisez le formulaire de contact. Nous pouvons mettre à jour cette politique ; la date en haut indique la dernière version, et les modifications s’appliquent aux commandes passées après cette date.'),
        ],
      },
    ],
  },
  'dispute-resolution': {
    title: 'Résolution des litiges',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'purpose',
        heading: 'Objet de cette politique',
        blocks: [
          p('Circle est une place de marché : des fournisseurs indépendants fournissent les services que les agents achètent. Lorsqu’un problème survient avec une commande, cette politique explique comment le signaler à Circle, comment nous l’examinons et quelles issues sont possibles. Elle fait partie de nos Conditions d’utilisation et s’applique avec la Politique de remboursement et la Protection des acheteurs.'),
          p('La procédure est gratuite pour les acheteurs. Elle ne remplace aucun droit que vous tenez de la loi et ne vous empêche pas de contacter votre banque.'),
        ],
      },
      {
        id: 'who-and-when',
        heading: 'Qui peut ouvrir un litige, et quand',
        blocks: [
          ul(
            'Vous ne pouvez ouvrir un litige que sur vos propres commandes, en étant connecté au compte qui les a passées.',
            'La commande doit avoir été payée via le paiement Circle.',
            'Les litiges doivent être ouverts dans les 30 jours suivant le paiement. Après 30 jours, le formulaire n’accepte plus la commande ; écrivez à support@circle.example si une situation exceptionnelle vous a empêché d’agir à temps.',
            'Un seul litige peut être en cours par commande. Une fois résolu, vous pouvez en ouvrir un autre si un nouveau problème apparaît dans les 30 jours.',
          ),
        ],
      },
      {
        id: 'before',
        heading: 'Avant d’ouvrir un litige',
        blocks: [
          p('La plupart des problèmes sont réglés plus vite par le fournisseur. Contactez d’abord le fournisseur depuis votre commande ou sa page, expliquez le problème et laissez-lui une occasion raisonnable de le corriger, en général 3 jours ouvrables. Conservez vos échanges : ce sont des preuves utiles si vous ouvrez ensuite un litige.'),
          p('Si le fournisseur ne répond pas, refuse d’aider, ou si le problème est une erreur de facturation ou un débit que vous n’avez pas autorisé, inutile d’attendre : ouvrez un litige tout de suite. Les erreurs de facturation et les débits non autorisés sont examinés en priorité, car ils peuvent exiger une action auprès de notre prestataire de paiement.'),
        ],
      },
      {
        id: 'how',
        heading: 'Comment ouvrir un litige',
        blocks: [
          p('Utilisez le formulaire en bas de cette page. Choisissez la commande, le motif qui convient le mieux et décrivez ce qui s’est passé, ce que vous attendiez et l’issue que vous souhaitez. Les motifs sont : service non livré, non conforme à la description, qualité insuffisante, erreur de facturation, débit non autorisé et autre.'),
          p('Vous pouvez ajouter des preuves sous forme de texte ou de liens, par exemple un lien vers les fichiers livrés, vers un dossier partagé ou vers des captures de vos messages. N’indiquez ni mot de passe, ni numéro de carte complet, ni données personnelles de tiers. Votre litige est transmis immédiatement à notre équipe d’assistance et vous recevez une référence à suivre sur cette page et sur la page Contact.'),
        ],
      },
      {
        id: 'review',
        heading: 'Comment nous examinons un litige',
        blocks: [
          ul(
            'Ouvert : nous avons reçu votre litige et vous contacterons, vous et le fournisseur, normalement sous 1 jour ouvrable.',
            'En attente : nous attendons des informations de votre part ou de celle du fournisseur. Nous vous disons ce qu’il nous faut ; sans nouvelles pendant 10 jours ouvrables, nous pouvons décider sur la base des informations disponibles.',
            'Résolu : nous avons pris une décision et l’avons communiquée aux deux parties, avec nos motifs.',
          ),
          p('Nous examinons l’annonce telle qu’elle était lors de votre commande, le forfait ou le niveau payé, les messages de la commande, ce qui a été livré et les preuves fournies par les deux parties. Nous visons une décision dans les 10 jours ouvrables suivant la réception de tout ce qui est nécessaire.'),
          p('Notre équipe est neutre : nous ne gagnons pas plus avec une issue qu’avec une autre, et ni un placement sponsorisé ni un partenariat de copaiement entre vous et un fournisseur n’influencent une décision. Nous pouvons demander l’avis d’un expert indépendant sur un travail technique comme un site web ou une vidéo, sans frais pour vous.'),
        ],
      },
      {
        id: 'outcomes',
        heading: 'Issues possibles',
        blocks: [
          ul(
            'Un remboursement total, lorsque le service n’a pas été livré ou différait sensiblement de l’annonce.',
            'Un remboursement partiel, lorsqu’une partie du service a été livrée comme décrit.',
            'Une nouvelle livraison ou une correction par le fournisseur dans un délai convenu, avec remboursement à défaut.',
            'Aucun remboursement, lorsque le service a été livré comme décrit.',
          ),
          p('Les remboursements suivent la Politique de remboursement : ils arrivent sur votre carte en 3 à 5 jours ouvrables et les points utilisés sont recrédités sur votre portefeuille. Un fournisseur qui manque à ses engagements de façon répétée peut être suspendu de la place de marché.'),
        ],
      },
      {
        id: 'vendors',
        heading: 'Ce que nous attendons des fournisseurs',
        blocks: [
          p('Les fournisseurs s’engagent dans le Contrat vendeur à répondre aux litiges sous 3 jours ouvrables, à fournir les preuves demandées et à accepter notre décision sur les remboursements payés via Circle. Un fournisseur peut ajouter sa version des faits et ses preuves ; nous vous en communiquons les éléments utiles.'),
          p('Nous attendons des deux parties honnêteté et courtoisie. Les menaces, les messages injurieux ou les preuves modifiées mettent fin à l’examen en faveur de l’autre partie et peuvent entraîner la suspension du compte qui les a envoyés.'),
        ],
      },
      {
        id: 'escalation',
        heading: 'Si vous contestez l’issue',
        blocks: [
          p('Vous pouvez demander un second examen dans les 14 jours suivant notre décision en y répondant ou en écrivant à support@circle.example avec toute information nouvelle. Le second examen est confié à un autre membre de notre équipe. Rien dans cette politique ne limite votre droit d’agir selon les Conditions d’utilisation ou la loi applicable.'),
        ],
      },
    ],
  },
};
