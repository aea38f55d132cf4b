ALTER TABLE "blog_post_views" DROP CONSTRAINT "blog_post_views_user_id_users_id_fk";
