import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Listing } from './listing.js';
import { User } from './user.js';

/** A user notified of new applications to a listing (`notification_list`). */
@Entity({ name: 'listing_notification_users' })
export class ListingNotificationUser {
  @PrimaryColumn({ name: 'listing_id', type: 'uuid' })
  listingId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @ManyToOne(() => Listing, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'listing_id' })
  listing?: Relation<Listing>;

  @ManyToOne(() => User, { nullable: false })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
